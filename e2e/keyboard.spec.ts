import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { focusStop, tabTo } from './accessibility-keyboard';
import { expect, test } from './fixtures/workbench';
import { api, expectStatus, finish, script, statusOf, terminal, toolTurn } from './ui-support';

/**
 * Everything reachable by keyboard. With Tab, Shift+Tab, Enter, Space and Esc only: start a
 * conversation, approve an action, send a message, open and close the changes panel and the settings,
 * and at 390 px open the sidebar drawer and pick a conversation; every control focused on the way
 * shows a focus ring.
 */

test.describe.configure({ timeout: 120_000 });

test('a whole session by keyboard at 1400 px: start, approve, send, changes panel, settings', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const marker = join(workbench.workspace, 'keyboard.txt');
  workbench.mockLlm.setScript(
    script(
      toolTurn('file_editor', {
        command: 'create',
        path: join(workbench.workspace, 'notes.txt'),
        file_text: 'typed by keyboard\n',
        summary: 'Write the notes',
        security_risk: 'LOW',
      }),
      terminal('touch keyboard.txt', { summary: 'Create the marker file', risk: 'HIGH' }),
      finish('Both files are there.'),
    ),
  );
  // Start on some other screen: the way to a new conversation is part of the walk.
  await page.goto(`${workbench.url}/no/such/screen`);
  const newConversation = page.getByRole('link', { name: 'New conversation', exact: true });
  await tabTo(page, newConversation);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${workbench.url}/`);
  const task = page.getByLabel('Task');
  if (!(await task.evaluate((element) => element === document.activeElement))) await tabTo(page, task);
  await page.keyboard.type('Write the notes and the marker');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/conversations\/[0-9a-f-]{36}$/);

  // The approval dialog takes focus on its Approve button; Enter answers once it is armed.
  const dialog = page.getByRole('dialog', { name: /approve this action/i });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const approve = dialog.getByRole('button', { name: /approve/i });
  await expect(approve).toBeFocused();
  expect((await focusStop(page))?.ring).toBe(true);
  // Around the dialog and back: focus stays inside, and the reason box is reachable on the way.
  await tabTo(page, dialog.getByLabel(/reason for rejecting/i));
  await tabTo(page, approve);
  await expect(approve).toHaveAttribute('data-armed', 'true');
  await page.keyboard.press('Space');
  await expect(dialog).toBeHidden();
  await expectStatus(page, 'finished', 30_000);
  expect(existsSync(marker)).toBe(true);

  // A follow-up message from the composer.
  workbench.mockLlm.setScript(script(finish('Happy to help again.')));
  const composer = page.getByLabel('Message');
  await tabTo(page, composer);
  await page.keyboard.type('Thanks, anything else?');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Happy to help again.')).toBeVisible({ timeout: 20_000 });
  await expectStatus(page, 'finished');

  // The changes panel: open it, reach a file in it, close it again.
  const toggle = page.getByRole('button', { name: 'Changes', exact: true });
  await tabTo(page, toggle, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByTestId('changes-panel');
  const diffToggle = panel.getByRole('button', { name: 'Diff of notes.txt' });
  await tabTo(page, diffToggle);
  await page.keyboard.press('Enter');
  await expect(diffToggle).toHaveAttribute('aria-expanded', 'true');
  await tabTo(page, toggle, { backwards: true });
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(panel).toHaveCount(0);

  // Settings: open with Enter, Esc closes it and focus goes back to the button.
  const settingsButton = page.getByRole('button', { name: 'Settings' });
  await tabTo(page, settingsButton);
  await page.keyboard.press('Enter');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await expect
    .poll(() => settings.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  await tabTo(page, settings.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(settingsButton).toBeFocused();
  await expect(statusOf(page)).toHaveAttribute('data-status', 'finished');
});

test('at 390 px the sidebar drawer opens, a conversation is picked and opens, by keyboard only', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const rest = api(workbench);
  const older = (await rest.post('/api/conversations', {
    title: 'Keyboard drawer target',
    initial_message: { role: 'user', content: [{ type: 'text', text: 'Nothing to do' }] },
  })) as { id: string };
  workbench.mockLlm.setScript(script(finish('Ok.')));
  await page.goto(workbench.url);
  await expect(page.getByLabel('Task')).toBeVisible();

  const menu = page.getByRole('button', { name: 'Conversations', exact: true });
  await tabTo(page, menu, { backwards: true });
  await page.keyboard.press('Enter');
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  await expect(sidebar).toBeVisible();
  const target = sidebar.locator(`[data-conversation-id="${older.id}"] a`);
  await expect(target).toBeVisible();
  await tabTo(page, target);
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/conversations/${older.id}$`));
  await expect(sidebar).toBeHidden();

  // Settings by keyboard at this width too; Esc closes it.
  const settingsButton = page.getByRole('button', { name: 'Settings' });
  await tabTo(page, settingsButton, { backwards: true });
  await page.keyboard.press('Enter');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(settingsButton).toBeFocused();
});
