import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, script, startConversation, toolTurn } from './ui-support';

/** A past conversation goes on: from the composer once it finished, with Resume after an error. */

function userMessages(page: Page, text: string) {
  return page.getByTestId('message-user').filter({ hasText: text });
}

test('a finished conversation, reopened from the sidebar, continues from the composer', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(script(finish('First answer.')));
  await startConversation(page, workbench, 'Plan the migration');
  await expectStatus(page, 'finished');

  // Leave it, then come back to it through the history list.
  await page.getByRole('link', { name: 'New conversation' }).click();
  await expect(page.getByLabel('Task')).toBeVisible();
  await page
    .getByTestId('conversation-list')
    .getByRole('link', { name: /Plan the migration/ })
    .click();
  await expect(page.getByText('First answer.')).toBeVisible();
  await expectStatus(page, 'finished');

  // A slow reply keeps the run visible long enough to see the status change.
  workbench.mockLlm.setScript(script(toolTurn('finish', { message: 'Second answer.' }, { delay_ms: 1_500 })));
  const composer = page.getByLabel('Message');
  await composer.fill('And the rollback plan?');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect(userMessages(page, 'And the rollback plan?')).toHaveCount(1);
  await expectStatus(page, 'running');
  await expect(page.getByText('Second answer.')).toBeVisible({ timeout: 20_000 });
  await expectStatus(page, 'finished');
  // The optimistic bubble became the durable message: one bubble, not two, and none left "Sending…".
  await expect(userMessages(page, 'And the rollback plan?')).toHaveCount(1);
  await expect(page.getByText('Sending…')).toHaveCount(0);

  await page.reload();
  await expect(page.getByText('Second answer.')).toBeVisible();
  await expect(userMessages(page, 'And the rollback plan?')).toHaveCount(1);
  await expect(page.getByTestId('message-user')).toHaveCount(2);
});

test('an errored conversation runs again with Resume and finishes', async ({ page, workbench }) => {
  workbench.mockLlm.setScript({
    turns: [{ fail: 'auth' }, { ...finish('Recovered and done.'), delay_ms: 1_000 }],
  });
  await startConversation(page, workbench, 'Try the flaky model');
  await expectStatus(page, 'error');
  const banner = page.getByTestId('conversation-banner');
  await expect(banner).toBeVisible();

  const resume = page.getByRole('button', { name: 'Resume' });
  await expect(resume).toBeEnabled();
  await resume.click();
  await expectStatus(page, 'running');
  await expect(banner).toBeHidden();
  // While it runs, Resume gives way to Pause and Stop.
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(page.getByText('Recovered and done.')).toBeVisible({ timeout: 20_000 });
  await expectStatus(page, 'finished');
  await expect(banner).toBeHidden();
  // The earlier error stays in the transcript as history.
  await expect(page.getByTestId('conversation-error')).toHaveCount(1);
});

test('an errored conversation also runs again when the person sends a message', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript({ turns: [{ fail: 'quota' }, finish('Now with the new model.')] });
  await startConversation(page, workbench, 'Write the changelog');
  await expectStatus(page, 'error');
  await page.getByLabel('Message').fill('I switched to another plan, go on');
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByText('Now with the new model.')).toBeVisible({ timeout: 20_000 });
  await expectStatus(page, 'finished');
  await expect(page.getByTestId('conversation-banner')).toBeHidden();
  await expect(userMessages(page, 'I switched to another plan')).toHaveCount(1);
});
