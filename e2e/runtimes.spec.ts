import { expect, test } from '@playwright/test';
import { type MockLLM, startMockLLM } from '../scripts/mock-llm/mock-llm-server';
import { leaseHolderPid } from '../src/cli/testing/lease-holder-pid';
import { waitUntilProcessGone } from '../src/cli/testing/process-gone';
import { startTestWorkbench, type TestWorkbench } from '../src/cli/testing/start-test-workbench';
import { type PgCluster, startPgCluster } from '../src/runtime/store/testing/start-pg-cluster';
import { logInContext } from './fixtures/workbench';
import { expectStatus, finish, SCREENSHOTS, script, terminal } from './ui-support';

// A team server: two runtimes on one PostgreSQL database behind the one ingress.
let cluster: PgCluster;
let databaseUrl: string;
let mockLlm: MockLLM;
let workbench: TestWorkbench;
test.beforeAll(async () => {
  cluster = await startPgCluster();
  databaseUrl = await cluster.createDatabase('two_runtimes');
  mockLlm = await startMockLLM();
  workbench = await startTestWorkbench({
    args: ['--runtimes', '2', '--database-url', databaseUrl],
    env: {
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: mockLlm.url,
      LLM_MODEL: 'mock-model',
      AGENT_WORKBENCH_DATABASE_URL: '',
      AGENT_WORKBENCH_LEASE_TTL_MS: '1500',
    },
    readyTimeoutMs: 60_000,
  });
});
test.afterAll(async () => {
  await workbench?.cleanup();
  await mockLlm?.close();
  await cluster?.stop();
});

async function start(page: import('@playwright/test').Page, task: string): Promise<string> {
  await page.goto(workbench.url);
  await page.getByLabel('Task').fill(task);
  await page.getByLabel('Task').press('Enter');
  await page.waitForURL(/\/conversations\/[0-9a-f-]{36}$/);
  return page.url().split('/').at(-1) ?? '';
}

test('conversations on two runtimes run live in the page; one whose runtime is killed comes back, recovered, and runs on', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await logInContext(context, workbench);
  await page.setViewportSize({ width: 1280, height: 800 });

  mockLlm.setScript(script(terminal('echo from-the-first'), finish('First one done.')));
  const first = await start(page, 'Say hello first');
  await expectStatus(page, 'finished');
  await expect(page.locator('[data-action-kind="TerminalAction"]')).toContainText('echo from-the-first');

  mockLlm.setScript({
    turns: [terminal('echo from-the-second'), { fail: 'hang' }, finish('Carried on after the restart.')],
  });
  const second = await start(page, 'Count the files second');
  await expect(page.locator('[data-action-kind="TerminalAction"]')).toContainText('exit 0');
  await expectStatus(page, 'running');
  const [firstPid, secondPid] = [
    await leaseHolderPid(databaseUrl, first),
    await leaseHolderPid(databaseUrl, second),
  ];
  // New conversations go round the runtimes.
  expect(firstPid).toBeDefined();
  expect(secondPid).toBeDefined();
  expect(secondPid).not.toBe(firstPid);

  process.kill(secondPid as number, 'SIGKILL');
  await waitUntilProcessGone(secondPid as number, 5_000);
  // The page reconnects on its own and shows what happened, with nothing it had shown lost.
  await expectStatus(page, 'error', 45_000);
  await expect(page.getByTestId('conversation-banner')).toContainText(
    'The runtime restarted while this conversation was running',
  );
  await expect(page.locator('[data-action-kind="TerminalAction"]')).toContainText('echo from-the-second');
  await page.screenshot({ path: `${SCREENSHOTS}runtimes-recovered.png` });

  await page.getByLabel('Message').fill('carry on');
  await page.getByLabel('Message').press('Enter');
  await expectStatus(page, 'finished', 30_000);
  await expect(page.getByText('Carried on after the restart.')).toBeVisible();

  // The other conversation, on the runtime that stayed up, is as it was.
  await page.goto(`${workbench.url}/conversations/${first}`);
  await expectStatus(page, 'finished');
  await expect(page.getByText('First one done.')).toBeVisible();
});
