import { expect, test } from './fixtures/workbench';
import {
  expectStatus,
  finish,
  SCREENSHOTS,
  script,
  startConversation,
  terminal,
  toolTurn,
} from './ui-support';

/**
 * A command stopped at a prompt is reported as waiting for input within a few seconds (not after the
 * 30 s no-output limit), the card says so, and the next step answers it with is_input.
 */
test('a command waiting at a prompt is reported soon, and the answer sent as input reaches it', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  workbench.mockLlm.setScript(
    script(
      terminal('read -p "Continue? [y/N] " a; echo got-$a', { summary: 'Ask before going on' }),
      // The answer comes a few seconds later, so the waiting notice can be seen on its own first.
      toolTurn(
        'terminal',
        { command: 'y', is_input: true, summary: 'Answer yes', security_risk: 'LOW' },
        { delay_ms: 4_000 },
      ),
      finish('Answered the prompt.'),
    ),
  );
  await startConversation(page, workbench, 'Answer a prompt');

  const cards = page.locator('[data-action-kind="TerminalAction"]');
  const first = cards.first();
  await expect(first).toBeVisible({ timeout: 10_000 });
  const firstOutput = first.locator('.terminal__output');
  // Only the prompt detection writes this (the 30 s no-output return says something else).
  await expect(firstOutput).toContainText('Waiting for input', { timeout: 20_000 });
  await expect(firstOutput).toContainText('Continue? [y/N]');
  await expect(firstOutput).toContainText('is_input: true');
  // Still running, not failed: the footer says it waits instead of "did not finish".
  await expect(first.locator('.terminal__footer .exit-code')).toHaveText('waiting for input');
  await first.screenshot({ path: `${SCREENSHOTS}interactive-input-waiting.png` });

  const second = cards.nth(1);
  await expect(second.locator('.terminal__input-tag')).toHaveText('input', { timeout: 15_000 });
  await expect(second.locator('.terminal__output')).toContainText('got-y', { timeout: 15_000 });
  await expectStatus(page, 'finished', 30_000);
  await page.screenshot({ path: `${SCREENSHOTS}interactive-input-answered.png` });
});
