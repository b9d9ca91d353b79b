import { expect, test } from '@playwright/test';
import { type MockLLM, startMockLLM } from '../scripts/mock-llm/mock-llm-server';
import { startTestWorkbench, type TestWorkbench } from '../src/cli/testing/start-test-workbench';
import { requireDocker } from '../src/runtime/sandbox/docker/testing/require-docker';
import { SCREENSHOTS, script, terminal } from './ui-support';

/**
 * The container sandbox through the real launcher (`--sandbox docker`), the real daemon and the
 * default image: a command the agent runs shows the container's user, the header names each
 * conversation's sandbox, and the list marks the ones in containers.
 */
test.describe('with the docker sandbox', () => {
  let mockLlm: MockLLM;
  let workbench: TestWorkbench;
  test.beforeAll(async () => {
    await requireDocker();
    mockLlm = await startMockLLM();
    workbench = await startTestWorkbench({
      args: ['--sandbox', 'docker'],
      env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: mockLlm.url, LLM_MODEL: 'mock-model' },
    });
  });
  test.afterAll(async () => {
    await workbench?.cleanup();
    await mockLlm?.close();
  });

  test("runs a command in the container, names each conversation's sandbox in the header and marks container ones in the list", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    mockLlm.setScript(script(terminal('echo "uid=$(id -u) host=$(hostname)"', { summary: 'Who runs this' })));
    await page.goto(workbench.loginUrl);
    await page.getByLabel('Task').fill('Say who runs commands');
    await page.getByLabel('Task').press('Enter');
    await page.waitForURL(/\/conversations\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('conversation-status')).toHaveAttribute('data-status', 'finished', {
      timeout: 30_000,
    });
    await expect(page.locator('[data-action-kind="TerminalAction"]')).toContainText('uid=1000 host=sandbox');
    await expect(page.getByTestId('sandbox-label')).toHaveText('container');

    // Each conversation shows its own sandbox: one made on this docker runtime but asked into
    // bubblewrap keeps bubblewrap, and only the container one carries the quiet mark in the list.
    const created = await fetch(`${workbench.url}/api/conversations`, {
      method: 'POST',
      headers: { 'X-Session-API-Key': workbench.sessionKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: 'On bubblewrap',
        workspace: { working_dir: workbench.workspace },
        sandbox: { kind: 'bubblewrap' },
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.reload();
    const bubblewrapRow = page.locator(`[data-conversation-id="${id}"]`);
    await expect(bubblewrapRow).toBeVisible();
    await expect(bubblewrapRow.getByTestId('history-row-container')).toHaveCount(0);
    const containerRows = page.locator('[data-conversation-id]', {
      has: page.getByTestId('history-row-container'),
    });
    await expect(containerRows).toHaveCount(1);
    await bubblewrapRow.getByRole('link').click();
    await expect(page.getByTestId('sandbox-label')).toHaveText('bubblewrap');
    await containerRows.getByRole('link').click();
    await expect(page.getByTestId('sandbox-label')).toHaveText('container');
    await expect(page.getByTestId('sandbox-label')).toHaveAttribute(
      'title',
      /image agent-workbench-sandbox:1/,
    );
  });
});

/** A docker default whose image the daemon lacks: the banner says commands are disabled and how to build it. */
test.describe('with the docker sandbox and an image the daemon lacks', () => {
  let workbench: TestWorkbench;
  test.beforeAll(async () => {
    await requireDocker();
    workbench = await startTestWorkbench({
      args: ['--sandbox', 'docker', '--sandbox-image', 'agent-workbench-sandbox:missing-in-e2e'],
      // A model is set (never called), so the first-run settings dialog does not cover the page.
      env: {
        LLM_PROVIDER: 'openai-compatible',
        LLM_BASE_URL: 'http://127.0.0.1:9/v1',
        LLM_MODEL: 'mock-model',
      },
    });
  });
  test.afterAll(async () => {
    await workbench?.cleanup();
  });

  test('every page shows a banner naming the missing image and what to do', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(workbench.loginUrl);
    const banner = page.getByTestId('sandbox-banner');
    await expect(banner).toContainText('Commands are disabled: the container sandbox cannot start.');
    await expect(banner).toContainText('agent-workbench-sandbox:missing-in-e2e');
    await expect(banner).toContainText('npm run sandbox-image');
    await page.screenshot({ path: `${SCREENSHOTS}sandbox-docker-image-missing.png` });
  });
});
