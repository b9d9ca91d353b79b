import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { checkScreen } from './accessibility';
import { expect, test, type Workbench } from './fixtures/workbench';
import { api, expectStatus, finish, SCREENSHOTS, script, startConversation, terminal } from './ui-support';

interface Info {
  id: string;
  execution_status: string;
  workspace: { working_dir: string };
}

/** Starts a conversation through the REST API (no page), running its first message. */
async function createRunning(workbench: Workbench, title: string, text: string): Promise<string> {
  const info = (await api(workbench).post('/api/conversations', {
    title,
    initial_message: { role: 'user', content: [{ type: 'text', text }], run: true },
  })) as Info;
  return info.id;
}

async function waitForStatus(workbench: Workbench, id: string, status: string): Promise<void> {
  await expect
    .poll(async () => ((await api(workbench).get(`/api/conversations/${id}`)) as Info).execution_status, {
      timeout: 20_000,
    })
    .toBe(status);
}

function inboxCount(page: Page) {
  return page.getByTestId('inbox-count');
}

test('an approval answered from the inbox while another conversation is open; the badge and the title count both runs', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(script(terminal('touch from-inbox.txt', { summary: 'Mark it', risk: 'HIGH' })));
  const first = await createRunning(workbench, 'Tidy the release notes', 'Mark it');
  await waitForStatus(workbench, first, 'waiting_for_confirmation');
  workbench.mockLlm.setScript(script(terminal('rm -rf ./build', { summary: 'Clean', risk: 'HIGH' })));
  const second = await createRunning(workbench, 'Clean the build folder', 'Clean');
  await waitForStatus(workbench, second, 'waiting_for_confirmation');

  // A third conversation is on screen and finishes there: it is seen, not news.
  workbench.mockLlm.setScript(script(finish('Nothing to do.')));
  await startConversation(page, workbench, 'Check the README');
  await expectStatus(page, 'finished');
  await expect(inboxCount(page)).toHaveText('2');
  await expect(page).toHaveTitle('(2) Agent Workbench');
  const onScreen = page.url();

  await page.getByTestId('inbox-button').click();
  const inbox = page.getByRole('dialog', { name: 'Inbox' });
  await expect(inbox.getByTestId('inbox-item')).toHaveCount(2);
  await checkScreen(page, 'inbox');
  await inbox
    .getByTestId('inbox-item')
    .filter({ hasText: 'Tidy the release notes' })
    .getByRole('button', { name: /^Review/ })
    .click();

  // The conversation's own dialog, named, over the page that stays open.
  const approval = page.getByRole('dialog', { name: /approve this action/i });
  await expect(approval.getByTestId('approval-conversation')).toHaveText('Tidy the release notes');
  await expect(approval.getByTestId('pending-action')).toContainText('touch from-inbox.txt');
  await expect(approval.getByTestId('pending-action').locator('[data-risk="HIGH"]')).toBeVisible();
  await checkScreen(page, 'inbox-approval');
  await approval.getByRole('button', { name: /approve once/i }).click();
  await expect(approval).toBeHidden();
  expect(page.url()).toBe(onScreen);
  await waitForStatus(workbench, first, 'finished');
  expect(existsSync(join(workbench.workspace, 'from-inbox.txt'))).toBe(true);

  // It now waits as a finished run; the other still waits for approval. A reload loses neither.
  await expect(inbox.getByTestId('inbox-item').filter({ hasText: 'Tidy the release notes' })).toHaveAttribute(
    'data-kind',
    'finished',
  );
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(inboxCount(page)).toHaveText('2');
  await expect(page).toHaveTitle('(2) Agent Workbench');

  // Opening an item clears it.
  await page.getByTestId('inbox-button').click();
  await inbox
    .getByTestId('inbox-item')
    .filter({ hasText: 'Tidy the release notes' })
    .getByRole('button', { name: /^Open/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${first}$`));
  await expect(inboxCount(page)).toHaveText('1');
  await expect(page).toHaveTitle('(1) Agent Workbench');

  // Rejected from the inbox: nothing ran, the conversation is idle, and nothing needs the person.
  await page.getByTestId('inbox-button').click();
  await inbox.getByRole('button', { name: /^Review/ }).click();
  await approval.getByLabel(/reason for rejecting/i).fill('Keep the build');
  await approval.getByRole('button', { name: 'Reject' }).click();
  await expect(approval).toBeHidden();
  await waitForStatus(workbench, second, 'idle');
  await expect(inbox.getByTestId('inbox-empty')).toBeVisible();
  await expect(inboxCount(page)).toBeHidden();
  await expect(page).toHaveTitle('Agent Workbench');
  await page.screenshot({ path: `${SCREENSHOTS}inbox-empty.png` });
});

test('with notifications blocked by the browser the page says why, and the inbox and title still count', async ({
  page,
  workbench,
}) => {
  // The browser's own answer to the permission request, as a person clicking "Block" gives it.
  await page.addInitScript(() => {
    let permission: NotificationPermission = 'default';
    Object.defineProperty(Notification, 'permission', { get: () => permission });
    Notification.requestPermission = async () => {
      permission = 'denied';
      return permission;
    };
  });
  workbench.mockLlm.setScript(script(terminal('touch blocked.txt', { summary: 'Mark', risk: 'HIGH' })));
  const id = await createRunning(workbench, 'Waits while blocked', 'Mark');
  await waitForStatus(workbench, id, 'waiting_for_confirmation');

  await page.goto(workbench.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByTestId('notifications-section').locator('summary').click();
  const enable = settings.getByTestId('notifications-enabled');
  await expect(enable).not.toBeChecked();
  await enable.check();
  await expect(settings.getByTestId('notifications-blocked')).toContainText('blocks notifications');
  await checkScreen(page, 'settings-notifications');
  await settings.getByRole('button', { name: 'Cancel' }).click();

  await expect(inboxCount(page)).not.toHaveText('0');
  await expect(page).toHaveTitle(/^\(\d+\) Agent Workbench$/);
  await page.keyboard.press('i');
  const inbox = page.getByRole('dialog', { name: 'Inbox' });
  await expect(inbox.getByTestId('notifications-blocked')).toBeVisible();
  await expect(inbox.getByTestId('inbox-item').filter({ hasText: 'Waits while blocked' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}inbox-notifications-blocked.png` });
});

test('the folder picker on a new conversation: recent folders first, sub-folders as typed, all by keyboard', async ({
  page,
  workbench,
}) => {
  mkdirSync(join(workbench.workspace, 'picker-target', 'inner'), { recursive: true });
  mkdirSync(join(workbench.workspace, 'other'), { recursive: true });
  await page.goto(workbench.url);
  const folder = page.getByRole('combobox', { name: 'Workspace folder' });
  await expect(folder).toHaveValue(workbench.workspace);
  await folder.fill(`${workbench.workspace}/`);
  const list = page.getByRole('listbox', { name: 'Folders' });
  await expect(list.getByRole('option', { name: 'picker-target' })).toBeVisible();
  await checkScreen(page, 'folder-picker');
  await folder.fill(`${workbench.workspace}/pick`);
  await expect(list.getByRole('option')).toHaveText(['picker-target']);
  await folder.press('ArrowDown');
  await folder.press('Enter');
  await expect(folder).toHaveValue(join(workbench.workspace, 'picker-target'));
  await expect(list).toBeHidden();

  workbench.mockLlm.setScript(script(finish('Looked.')));
  await page.getByLabel('Task').fill('Look around');
  await page.getByLabel('Task').press('Enter');
  await page.waitForURL(/\/conversations\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1) ?? '';
  const info = (await api(workbench).get(`/api/conversations/${id}`)) as Info;
  expect(info.workspace.working_dir).toBe(join(workbench.workspace, 'picker-target'));

  // The folder just used comes first next time.
  await page.goto(workbench.url);
  await folder.fill('');
  await folder.press('ArrowDown');
  await expect(list.getByRole('group', { name: 'Recent folders' }).getByRole('option').first()).toHaveText(
    join(workbench.workspace, 'picker-target'),
  );
});

test('the risky threshold decides whether a medium-risk command asks, in the settings and per conversation', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(
    script(terminal('touch medium-one.txt', { summary: 'Mark one', risk: 'MEDIUM' }), finish('One.')),
  );
  await startConversation(page, workbench, 'Mark one');
  await expectStatus(page, 'finished');
  expect(existsSync(join(workbench.workspace, 'medium-one.txt'))).toBe(true);

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByLabel('Ask for risky from')).toHaveValue('HIGH');
  await settings.getByLabel('Ask for risky from').selectOption('MEDIUM');
  await settings.getByLabel('Risk rated by').selectOption('EnsembleSecurityAnalyzer');
  await checkScreen(page, 'settings-approvals');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();

  workbench.mockLlm.setScript(
    script(terminal('touch medium-two.txt', { summary: 'Mark two', risk: 'MEDIUM' }), finish('Two.')),
  );
  await startConversation(page, workbench, 'Mark two');
  const approval = page.getByRole('dialog', { name: /approve this action/i });
  await expect(approval.getByTestId('pending-action').locator('[data-risk="MEDIUM"]')).toBeVisible({
    timeout: 20_000,
  });
  expect(existsSync(join(workbench.workspace, 'medium-two.txt'))).toBe(false);
  await approval.getByRole('button', { name: /approve once/i }).click();
  await expectStatus(page, 'finished');

  // Back to high for this conversation only: the next medium-risk command runs without asking.
  await page.getByTestId('conversation-rules-button').click();
  const approvals = page.getByRole('dialog', { name: 'Approvals for this conversation' });
  await expect(approvals.getByLabel('Ask for risky from')).toHaveValue('MEDIUM');
  await checkScreen(page, 'conversation-approvals');
  await approvals.getByLabel('Ask for risky from').selectOption('HIGH');
  await expect(approvals.getByLabel('Ask for risky from')).toHaveValue('HIGH');
  await expect(approvals.getByLabel('Ask for risky from')).toBeEnabled();
  await page.keyboard.press('Escape');
  workbench.mockLlm.setScript(
    script(terminal('touch medium-three.txt', { summary: 'Mark three', risk: 'MEDIUM' }), finish('Three.')),
  );
  await page.getByLabel('Message').fill('Mark three');
  await page.getByLabel('Message').press('Enter');
  await expect
    .poll(() => existsSync(join(workbench.workspace, 'medium-three.txt')), { timeout: 20_000 })
    .toBe(true);
  await expectStatus(page, 'finished');
});
