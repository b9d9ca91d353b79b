import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { ScriptTurn } from '../src/runtime/llm/llm-script';
import { expectAccessible } from './accessibility';
import { expect, test, type Workbench } from './fixtures/workbench';
import { expectStatus, finish, SCREENSHOTS, script, startConversation, toolTurn } from './ui-support';

const require = createRequire(import.meta.url);
/** The reference server from npm, run with node directly (no npx: the test needs no network). */
const EVERYTHING_SCRIPT = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const SHOTS = `${SCREENSHOTS}mcp/`;

test('an MCP server added in the settings gives the agent its tools, and the call shows its result', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(workbench.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const section = dialog.getByTestId('mcp-servers-section');
  await section.locator('summary').click();
  await section.getByRole('button', { name: 'Add a server' }).click();
  const form = section.getByRole('group', { name: 'New MCP server' });
  await form.getByLabel('Name').fill('everything');
  await form.getByLabel('Command').fill(process.execPath);
  await form.getByLabel('Arguments').fill(`${EVERYTHING_SCRIPT}\nstdio`);
  await form.getByLabel('Environment').fill('DEMO_TOKEN=e2e-mcp-secret-31f9');
  await page.screenshot({ path: `${SHOTS}settings-add-1400.png` });
  await form.getByRole('button', { name: 'Add server' }).click();
  const row = section.getByTestId('mcp-server-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('everything');
  await expect(row.getByRole('checkbox', { name: 'Start everything' })).toBeChecked();
  await page.screenshot({ path: `${SHOTS}settings-list-1400.png` });

  // Editing shows the saved secret masked and keeps it when saved unchanged.
  await row.getByRole('button', { name: 'Edit everything' }).click();
  const edit = section.getByRole('group', { name: 'Edit everything' });
  await expect(edit.getByLabel('Environment')).toHaveValue('DEMO_TOKEN=‹hidden›');
  await edit.getByRole('button', { name: 'Save server' }).click();
  await expect(section.getByTestId('mcp-server-row')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  workbench.mockLlm.setScript(
    script(
      toolTurn('everything__echo', { message: 'hello from the model', summary: 'Echo a greeting' }),
      finish('The server echoed it.'),
    ),
  );
  await startConversation(page, workbench, 'Echo a greeting through MCP');
  await expectStatus(page, 'finished', 60_000);
  const card = page.locator('[data-action-kind="MCPToolAction"]');
  await expect(card).toContainText('everything');
  await expect(card).toContainText('Echo a greeting');
  await expect(card.getByLabel('Arguments')).toContainText('"message": "hello from the model"');
  await expect(card.getByTestId('mcp-result')).toHaveText('Echo: hello from the model');
  await expect(card.locator('[data-risk="LOW"]')).toBeVisible();
  await card.screenshot({ path: `${SHOTS}card-1400.png` });
  await page.screenshot({ path: `${SHOTS}conversation-1400.png` });

  // The header lists the server, running, with its tools and their risk.
  await page.getByRole('button', { name: 'MCP servers' }).click();
  const servers = page.getByRole('dialog', { name: 'MCP servers' });
  await expect(servers).toContainText('Running');
  await expect(servers).toContainText('everything__echo');
  await page.screenshot({ path: `${SHOTS}servers-dialog-1400.png` });

  // Off for this conversation only: the switch moves at once, the listing drops the server's tools,
  // and the next model request offers none of them.
  const use = servers.getByRole('switch', { name: 'Use everything in this conversation' });
  await expect(use).toBeChecked();
  await use.click();
  await expect(use).not.toBeChecked();
  await expect(servers.getByTestId('mcp-dialog-server')).toHaveAttribute('data-state', 'disabled');
  await expect(servers).toContainText('Off');
  await expect(servers).not.toContainText('everything__echo');
  await page.screenshot({ path: `${SHOTS}servers-dialog-off-1400.png` });
  await page.keyboard.press('Escape');
  await sendAndWait(page, workbench, 'Anything else?', finish('Nothing more.'));
  expect(lastOfferedTools(workbench)).not.toContain('everything__echo');
  expect(lastOfferedTools(workbench)).toContain('finish');

  // While the agent works the runtime refuses a change: the switch moves back and the dialog says why.
  workbench.mockLlm.setScript(script({ ...finish('Done waiting.'), delay_ms: 6_000 }));
  await page.getByLabel('Message').fill('Take your time');
  await page.getByLabel('Message').press('Enter');
  await expectStatus(page, 'running');
  await page.getByRole('button', { name: 'MCP servers' }).click();
  await use.click();
  await expect(servers.getByRole('alert')).toContainText("can't be changed while the agent is running");
  await expect(use).not.toBeChecked();
  await expect(servers).not.toContainText('everything__echo');
  await page.screenshot({ path: `${SHOTS}servers-dialog-refused-1400.png` });
  await expectAccessible(page, 'MCP dialog with a refused switch');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Done waiting.')).toBeVisible({ timeout: 30_000 });
  await expectStatus(page, 'finished');

  // On again: the tools come back in the listing and in the next model request.
  await page.getByRole('button', { name: 'MCP servers' }).click();
  await use.click();
  await expect(use).toBeChecked();
  await expect(servers).toContainText('everything__echo');
  await expect(servers).toContainText('Running');
  await expect(servers.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await sendAndWait(page, workbench, 'And now?', finish('All set.'));
  expect(lastOfferedTools(workbench)).toContain('everything__echo');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card.getByTestId('mcp-result')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}conversation-390.png` });
  await page.getByRole('button', { name: 'MCP servers' }).click();
  await expect(servers).toContainText('everything__echo');
  await page.screenshot({ path: `${SHOTS}servers-dialog-390.png` });
  await expectAccessible(page, 'MCP dialog at 390');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Settings' }).click();
  await dialog.getByTestId('mcp-servers-section').locator('summary').click();
  await dialog.getByTestId('mcp-servers-section').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}settings-list-390.png` });
});

/** Sends a follow-up message and waits until the agent has answered it with `turn`. */
async function sendAndWait(page: Page, workbench: Workbench, text: string, turn: ScriptTurn) {
  const before = workbench.mockLlm.requests().length;
  workbench.mockLlm.setScript(script(turn));
  await page.getByLabel('Message').fill(text);
  await page.getByLabel('Message').press('Enter');
  await expect.poll(() => workbench.mockLlm.requests().length, { timeout: 30_000 }).toBeGreaterThan(before);
  await expectStatus(page, 'finished', 30_000);
}

/** The tool names the agent's latest model request offered. */
function lastOfferedTools(workbench: Workbench): string[] {
  const steps = workbench.mockLlm
    .requests()
    .filter((request) => request.path === '/v1/chat/completions')
    .map((request) => request.body as { tools?: Array<{ function: { name: string } }> })
    .filter((body) => body.tools !== undefined);
  return (steps.at(-1)?.tools ?? []).map((tool) => tool.function.name);
}
