import { expect, test } from './fixtures/workbench';
import { api, expectStatus, finish, SCREENSHOTS, script, startConversation } from './ui-support';

test('when the runtime is killed the page says "Reconnecting…", then reconnects and catches up', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(script(finish('First part done.')));
  const conversationId = await startConversation(page, workbench, 'Start something');
  await expectStatus(page, 'finished');

  const restarted = workbench.killRuntime();
  await expect(page.getByTestId('reconnecting')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/agent stopped/i)).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}reconnecting.png` });
  await restarted;

  // Something happens while the page may still be waiting to reconnect: it must catch up on it.
  workbench.mockLlm.setScript(script(finish('Caught up after the restart.')));
  await api(workbench).post(`/api/conversations/${conversationId}/events`, {
    role: 'user',
    content: [{ type: 'text', text: 'Sent from another client' }],
    run: true,
  });

  await expect(page.getByTestId('reconnecting')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('Sent from another client')).toBeVisible();
  await expect(page.getByText('Caught up after the restart.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('message-user')).toHaveCount(2);
});
