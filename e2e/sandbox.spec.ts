import { expect as baseExpect, test as baseTest } from '@playwright/test';
import { type MockLLM, startMockLLM } from '../scripts/mock-llm/mock-llm-server';
import { startTestWorkbench, type TestWorkbench } from '../src/cli/testing/start-test-workbench';
import { expect, test } from './fixtures/workbench';
import { api, expectStatus, SCREENSHOTS, script, startConversation, terminal } from './ui-support';

test('the network switch is off by default, visible in the header, and commands are told why they cannot connect', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  workbench.mockLlm.setScript(
    script(terminal('curl -sS -m 5 http://not-on-the-list.test/ 2>&1; echo', { summary: 'Try the network' })),
  );
  const id = await startConversation(page, workbench, 'Fetch a page');
  await expectStatus(page, 'finished');
  // The header names the sandbox, calmly: bubblewrap is the default.
  await expect(page.getByTestId('sandbox-label')).toHaveText('bubblewrap');
  const toggle = page.getByRole('switch', { name: 'Allow network' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toHaveText('Network off');
  await expect(page.locator('[data-action-kind="TerminalAction"]')).toContainText(
    'network is off for this conversation',
  );
  await page.screenshot({ path: `${SCREENSHOTS}network-off.png` });

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(toggle).toHaveText('Network on');
  const info = (await api(workbench).get(`/api/conversations/${id}`)) as { network_access: boolean };
  expect(info.network_access).toBe(true);
  // The switch survives a reload: it is the conversation's state, not the page's.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Allow network' })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: `${SCREENSHOTS}network-on.png` });
});

test('settings edit the network allowlist and the process limit of commands', async ({ page, workbench }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(workbench.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByText('Sandbox for commands').click();
  const allowlist = dialog.getByLabel('Network allowlist');
  await expect(allowlist).toHaveValue(/registry\.npmjs\.org/);
  await allowlist.fill('registry.npmjs.org\n*.corp.example');
  await dialog.getByLabel('Process limit').fill('256');
  await page.screenshot({ path: `${SCREENSHOTS}settings-sandbox.png` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const saved = (await api(workbench).get('/api/settings')) as {
    sandbox: { network_allowlist: string[]; max_processes: number };
  };
  expect(saved.sandbox.network_allowlist).toEqual(['registry.npmjs.org', '*.corp.example']);
  expect(saved.sandbox.max_processes).toBe(256);
});

baseTest.describe('with the sandbox turned off', () => {
  let mockLlm: MockLLM;
  let workbench: TestWorkbench;
  baseTest.beforeAll(async () => {
    mockLlm = await startMockLLM();
    workbench = await startTestWorkbench({
      env: {
        AGENT_WORKBENCH_SANDBOX: '0',
        LLM_PROVIDER: 'openai-compatible',
        LLM_BASE_URL: mockLlm.url,
        LLM_MODEL: 'mock-model',
      },
    });
  });
  baseTest.afterAll(async () => {
    await workbench?.cleanup();
    await mockLlm?.close();
  });

  baseTest('every page keeps a warning that commands run unconfined', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(workbench.loginUrl);
    const banner = page.getByTestId('sandbox-banner');
    await baseExpect(banner).toContainText('The sandbox is off.');
    await baseExpect(banner).toContainText('AGENT_WORKBENCH_SANDBOX=0');
    await page.screenshot({ path: `${SCREENSHOTS}sandbox-off-banner.png` });
  });
});
