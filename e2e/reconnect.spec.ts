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

test('when the network comes back the page reconnects at once, not after its backoff', async ({
  page,
  context,
  workbench,
}) => {
  workbench.mockLlm.setScript(script(finish('Before the trip.')));
  const conversationId = await startConversation(page, workbench, 'Start something');
  await expectStatus(page, 'finished');
  // Offline, Chromium holds back the frames that arrive on an open socket, and a close behind them: a
  // socket whose sync frame came just after the switch would not see the runtime go until back online.
  await expect(page.getByTestId('status-line')).toHaveAttribute('data-connection', 'live');

  // The laptop goes offline and the connection drops; every attempt while offline fails, so the
  // waits between them grow (1, 2, 4, 8 s, then 16 s give or take a fifth).
  await context.setOffline(true);
  const dropped = Date.now();
  await workbench.killRuntime();
  await expect(page.getByTestId('reconnecting')).toBeVisible({ timeout: 15_000 });
  // 20 s after the drop: past the fourth attempt (18 s at most), before the fifth (24.8 s at least).
  await page.waitForTimeout(Math.max(0, dropped + 20_000 - Date.now()));
  workbench.mockLlm.setScript(script(finish('Written while the page was away.')));
  await api(workbench).post(`/api/conversations/${conversationId}/events`, {
    role: 'user',
    content: [{ type: 'text', text: 'Sent while offline' }],
    run: true,
  });

  // Back online: the next scheduled attempt is seconds away, yet the page is live at once.
  await context.setOffline(false);
  await expect(page.getByTestId('reconnecting')).toBeHidden({ timeout: 3_000 });
  await expect(page.getByText('Written while the page was away.')).toBeVisible({ timeout: 10_000 });
});
