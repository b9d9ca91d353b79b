import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, script, startConversation, terminal } from './ui-support';

test('Pause stops at once: the running step finishes, no new one starts; Resume continues', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(
    script(
      terminal('sleep 6 && echo slept', { summary: 'Take a nap' }),
      terminal('echo after-resume'),
      finish('Rested.'),
    ),
  );
  await startConversation(page, workbench, 'Nap, then report');
  const nap = page.locator('[data-action-kind="TerminalAction"]').first();
  await expect(nap).toHaveAttribute('data-phase', 'running', { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: /Pausing/ })).toBeVisible();
  // Paused at once (upstream's semantics), while the nap is still running to its end.
  await expectStatus(page, 'paused');
  await expect(page.getByTestId('transcript-marker').filter({ hasText: 'Paused' })).toBeVisible();
  await expect(nap).toHaveAttribute('data-phase', 'running');
  await expect(nap).toContainText('slept');
  await expect(page.getByRole('button', { name: 'Resume' })).toBeEnabled();
  const callsWhenPaused = workbench.mockLlm.requests().length;
  await expect(page.locator('[data-action-kind="TerminalAction"]')).toHaveCount(1);

  await page.getByRole('button', { name: 'Resume' }).click();
  await expectStatus(page, 'finished');
  await expect(page.locator('[data-action-kind="TerminalAction"]').nth(1)).toContainText('after-resume');
  expect(workbench.mockLlm.requests().length).toBeGreaterThan(callsWhenPaused);
});

test('Stop interrupts a model call that never answers', async ({ page, workbench }) => {
  workbench.mockLlm.setScript({ turns: [{ fail: 'hang' }], fallback: { text: 'Back again.' } });
  await startConversation(page, workbench, 'Think forever');
  await expectStatus(page, 'running');
  const stop = page.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeEnabled();
  // The model never answers: a pause can only come from the Stop.
  await stop.click();
  await expectStatus(page, 'paused', 15_000);
  await expect(page.getByTestId('transcript-marker').filter({ hasText: 'Stopped' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeEnabled();
});
