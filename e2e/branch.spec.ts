import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, SCREENSHOTS, script, startConversation } from './ui-support';

test('"Branch from here" forks at that event, opens the fork, and the fork links back', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(script(finish('Answer one.')));
  const sourceUrl = `${workbench.url}/conversations/${await startConversation(page, workbench, 'First question')}`;
  await expectStatus(page, 'finished');
  workbench.mockLlm.setScript(script(finish('Answer two.')));
  await page.getByLabel('Message').fill('Second question');
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByText('Answer two.')).toBeVisible({ timeout: 20_000 });

  const firstAnswer = page.getByTestId('action-card').filter({ hasText: 'Answer one.' });
  await firstAnswer.hover();
  await firstAnswer.getByRole('button', { name: 'Branch from here' }).click();

  await expect(page).not.toHaveURL(sourceUrl);
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
  const backLink = page.getByTestId('forked-from');
  await expect(backLink).toContainText('First question');
  await expect(page.getByText('Answer one.')).toBeVisible();
  await expect(page.getByText('Second question')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}branch.png` });

  await backLink.click();
  await expect(page).toHaveURL(sourceUrl);
  await expect(page.getByText('Answer two.')).toBeVisible();
});

test('"Edit and resend" forks before the message and puts its text in the composer', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(script(finish('Answer one.')));
  await startConversation(page, workbench, 'Opening question');
  await expectStatus(page, 'finished');
  workbench.mockLlm.setScript(script(finish('Reply to the typo.')));
  await page.getByLabel('Message').fill('Follow-up with a typpo');
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByText('Reply to the typo.')).toBeVisible({ timeout: 20_000 });
  const sourceUrl = page.url();

  const followUp = page.getByTestId('message-user').filter({ hasText: 'typpo' });
  await followUp.hover();
  await followUp.getByRole('button', { name: 'Edit and resend' }).click();

  await expect(page).not.toHaveURL(sourceUrl);
  const composer = page.getByLabel('Message');
  await expect(composer).toHaveValue('Follow-up with a typpo');
  await expect(composer).toBeFocused();
  await expect(page.getByText('Answer one.')).toBeVisible();
  await expect(page.getByText('Reply to the typo.')).toHaveCount(0);

  workbench.mockLlm.setScript(script(finish('Reply to the fixed text.')));
  await composer.fill('Follow-up without the typo');
  await composer.press('Enter');
  await expect(page.getByText('Reply to the fixed text.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('message-user')).toHaveCount(2);
  await expect(page.getByTestId('forked-from')).toBeVisible();
});
