import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startTestWorkbench } from '../src/cli/testing/start-test-workbench';
import { checkScreen } from './accessibility';
import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, script, startConversation, terminal, toolTurn } from './ui-support';

/**
 * Every screen, in its meaningful states, at 1400 px and 390 px, through the real launcher
 * with the mock LLM: axe-core finds no serious or critical WCAG 2.1 A/AA violation, and each state is
 * photographed into .tmp/screenshots/a11y/ to be looked at.
 */

// Each test visits several screens, each at two widths with a screenshot and an axe run.
test.describe.configure({ timeout: 180_000 });

const REPLY = [
  'All set. The **greeting** is in `hello.txt`:',
  '',
  '```ts',
  'export const greeting: string = "hello";',
  '```',
  '',
  '- one list item',
  '- and [a link](https://example.com)',
].join('\n');

function createFile(path: string, text: string, summary: string) {
  return toolTurn('file_editor', { command: 'create', path, file_text: text, summary, security_risk: 'LOW' });
}

function replaceIn(path: string, from: string, to: string, summary: string) {
  return toolTurn('file_editor', {
    command: 'str_replace',
    path,
    old_str: from,
    new_str: to,
    summary,
    security_risk: 'LOW',
  });
}

/** At 390 px the transcript and the changes panel are tabs: pick the one the screen is about. */
async function showTab(page: Page, width: number, name: 'Transcript' | 'Changes'): Promise<void> {
  if (width < 900) await page.getByRole('tab', { name }).click();
}

test('home, a finished run, the sidebar drawer, history search and the not-found page', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(workbench.url);
  await expect(page.getByLabel('Task')).toBeVisible();
  await checkScreen(page, 'home-empty');

  const hello = join(workbench.workspace, 'hello.txt');
  workbench.mockLlm.setScript(
    script(
      terminal('ls -la', { summary: 'List the folder' }),
      createFile(hello, 'hello\n', 'Write the greeting'),
      { text: REPLY },
    ),
  );
  await startConversation(page, workbench, 'Write a greeting into hello.txt');
  await expectStatus(page, 'finished', 30_000);
  await expect(page.getByTestId('message-agent')).toContainText('All set');
  await checkScreen(page, 'conversation-finished');

  await page.goto(workbench.url);
  await expect(page.getByLabel('Task')).toBeVisible();
  await checkScreen(page, 'home-with-history');

  // The sidebar's search and its hits; at 390 px it lives in the drawer.
  await checkScreen(page, 'history-search', async (width) => {
    if (width < 900) await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    const search = page.getByRole('navigation', { name: 'Conversations' }).getByRole('combobox');
    await search.fill('greeting');
    await expect(page.locator('.history-search--sidebar')).toBeVisible();
  });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(workbench.url);
  await page.getByLabel('Task').blur();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search conversations' });
  await palette.getByRole('combobox').fill('greeting');
  await expect(palette.getByRole('option').first()).toBeVisible();
  await checkScreen(page, 'search-palette');
  await page.keyboard.press('Escape');

  await page.goto(workbench.url);
  await checkScreen(page, 'sidebar-drawer', async (width) => {
    if (width < 900) {
      await page.getByRole('button', { name: 'Conversations', exact: true }).click();
      await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
    }
  });

  await page.goto(`${workbench.url}/no/such/screen`);
  await expect(page.getByRole('heading', { name: 'Nothing here' })).toBeVisible();
  await checkScreen(page, 'not-found');
});

test('settings with every section open, and the keyboard shortcut sheet', async ({ page, workbench }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(workbench.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await checkScreen(page, 'settings');
  for (const section of ['Approval rules', 'Sandbox for commands']) {
    await settings.locator('summary', { hasText: section }).click();
  }
  await checkScreen(page, 'settings-sections-open');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await checkScreen(page, 'shortcut-sheet');
});

test('the approval dialog, and a run waiting for a decision', async ({ page, workbench }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  workbench.mockLlm.setScript(
    script(terminal('rm -rf ./build', { summary: 'Delete the build folder', risk: 'HIGH' }), finish('Done.')),
  );
  await startConversation(page, workbench, 'Clean the build');
  const dialog = page.getByRole('dialog', { name: /approve this action/i });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await checkScreen(page, 'approval-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await checkScreen(page, 'approval-waiting');
});

test('the changes panel with a diff, the file viewer and the restore dialog', async ({ page, workbench }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const story = join(workbench.workspace, 'story.txt');
  writeFileSync(story, 'once upon a time\nthe end\n');
  workbench.mockLlm.setScript(
    script(
      createFile(join(workbench.workspace, 'alpha.txt'), 'alpha one\nalpha two\n', 'Write alpha'),
      replaceIn(story, 'once upon', 'twice upon', 'Edit the story'),
      finish('Wrote the files.'),
    ),
  );
  await startConversation(page, workbench, 'Write alpha and edit the story');
  await expectStatus(page, 'finished', 30_000);
  await page.getByRole('button', { name: 'Changes', exact: true }).click();
  const panel = page.getByTestId('changes-panel');
  const storyRow = panel.getByTestId('changed-file').filter({ hasText: 'story.txt' });
  await storyRow.getByRole('button', { name: 'Diff of story.txt' }).click();
  await expect(storyRow.getByTestId('file-diff')).toBeVisible();
  await checkScreen(page, 'changes-panel', (width) => showTab(page, width, 'Changes'));

  await checkScreen(page, 'file-viewer', async (width) => {
    if (await page.getByRole('dialog').count()) return;
    await showTab(page, width, 'Changes');
    await panel.getByRole('button', { name: 'Open alpha.txt' }).click();
    await expect(page.getByRole('dialog', { name: 'alpha.txt' })).toBeVisible();
  });
  await page.keyboard.press('Escape');

  await checkScreen(page, 'restore-dialog', async (width) => {
    if (await page.getByRole('dialog').count()) return;
    await showTab(page, width, 'Transcript');
    const editCard = page.getByTestId('action-card').filter({ hasText: 'Edit the story' });
    await editCard.hover();
    await editCard.getByRole('button', { name: 'Restore files to here' }).click();
    await expect(page.getByRole('dialog', { name: 'Restore files to before this step' })).toBeVisible();
  });
  await page.keyboard.press('Escape');
});

test('the full-output dialog of a long terminal output', async ({ page, workbench }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  workbench.mockLlm.setScript(
    script(terminal('seq 1 7000', { summary: 'Print a long listing' }), finish('Printed it.')),
  );
  await startConversation(page, workbench, 'Print a long listing');
  await expectStatus(page, 'finished', 30_000);
  await page.getByTestId('full-output-link').click();
  await expect(page.getByRole('dialog', { name: 'Full output' })).toBeVisible();
  await checkScreen(page, 'full-output-dialog');
});

test('the error banner of a refused API key', async ({ page, workbench }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  workbench.mockLlm.setScript({ turns: [{ fail: 'auth' }] });
  await startConversation(page, workbench, 'Summarise the README');
  await expectStatus(page, 'error');
  await expect(page.getByTestId('conversation-banner')).toBeVisible();
  await checkScreen(page, 'error-banner');
});

test('the session-key screen, empty and after a refused key', async ({ browser, workbench }) => {
  // A browser with no session cookie: the SPA asks for the key.
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(workbench.url);
    await expect(page.getByRole('heading', { name: 'Enter the session key' })).toBeVisible();
    await checkScreen(page, 'session-key');
    await page.getByLabel('Session key').fill('not-the-key');
    await page.getByLabel('Session key').press('Enter');
    await expect(page.getByRole('alert')).toBeVisible();
    await checkScreen(page, 'session-key-refused');
  } finally {
    await context.close();
  }
});

test('first run: the settings open by themselves', async ({ browser }) => {
  const bare = await startTestWorkbench({
    env: { LLM_PROVIDER: '', LLM_MODEL: '', LLM_BASE_URL: '', LLM_API_KEY: '' },
  });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(bare.loginUrl);
    await expect(page.getByRole('dialog', { name: 'Settings' })).toContainText('Welcome');
    await checkScreen(page, 'first-run-settings');
  } finally {
    await context.close();
    await bare.cleanup();
  }
});

test('dark theme: home, a finished run with tool cards, the approval dialog and the settings', async ({
  page,
  workbench,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(workbench.url);
  await expect(page.getByLabel('Task')).toBeVisible();
  await checkScreen(page, 'dark-home');

  workbench.mockLlm.setScript(
    script(
      terminal('ls', { summary: 'List the folder' }),
      terminal('rm -rf ./build', { summary: 'Delete the build folder', risk: 'HIGH' }),
      { text: REPLY },
    ),
  );
  await startConversation(page, workbench, 'List, then clean the build');
  const dialog = page.getByRole('dialog', { name: /approve this action/i });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('button', { name: /approve/i })).toHaveAttribute('data-armed', 'true');
  await checkScreen(page, 'dark-approval-dialog');
  await page.keyboard.press('Enter');
  await expectStatus(page, 'finished', 30_000);
  await checkScreen(page, 'dark-conversation-finished');

  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await checkScreen(page, 'dark-settings');
});
