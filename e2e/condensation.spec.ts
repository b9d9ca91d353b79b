import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, SCREENSHOTS, script, startConversation, terminal } from './ui-support';

/** Condensation a person can see and steer. */
test('a context overflow is condensed and the step retried, with a divider in the transcript', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  workbench.mockLlm.setScript(
    script(
      terminal('echo one', { summary: 'Step one' }),
      terminal('echo two', { summary: 'Step two' }),
      terminal('echo three', { summary: 'Step three' }),
      { fail: 'context_overflow' },
      { text: 'Summary: **three echo steps** ran.' },
      finish('Done after condensing.'),
    ),
  );
  await startConversation(page, workbench, 'Run three steps, then overflow');
  await expectStatus(page, 'finished', 30_000);
  const divider = page.getByTestId('condensation-divider');
  await expect(divider).toHaveCount(1);
  await expect(divider).toContainText(/\d+ earlier events condensed/);
  // The retried step answered: its message is there, and the run did not end with the error.
  await expect(page.getByText('Done after condensing.')).toBeVisible();
  await expect(page.getByTestId('conversation-error')).toHaveCount(0);
  // The model was asked three times after the three steps: refused, the summary, the retry.
  const bodies = workbench.mockLlm
    .requests()
    .filter((request) => request.path.endsWith('/chat/completions'))
    .map((request) => JSON.stringify(request.body));
  const retried = bodies.at(-1) ?? '';
  expect(retried).toContain('three echo steps');
  await page.screenshot({ path: `${SCREENSHOTS}condensation-overflow-1400.png` });
});

test('Condense now condenses an idle conversation; the divider opens to the summary', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  workbench.mockLlm.setScript(
    script(
      terminal('echo one', { summary: 'Step one' }),
      terminal('echo two', { summary: 'Step two' }),
      finish('Both steps done.'),
    ),
  );
  await startConversation(page, workbench, 'Run two steps, then condense');
  await expectStatus(page, 'finished', 30_000);
  const condense = page.getByTestId('condense-now');
  await expect(condense).not.toHaveAttribute('aria-disabled', 'true');

  workbench.mockLlm.setScript(script({ text: 'The agent ran **two echo steps** and finished.' }));
  await condense.click();
  const divider = page.getByTestId('condensation-divider');
  await expect(divider).toHaveCount(1, { timeout: 20_000 });
  // Condensed at once, without starting a run.
  await expectStatus(page, 'finished');
  // Nothing new since: the button says why it cannot act.
  await expect(condense).toHaveAttribute('aria-disabled', 'true');
  await expect(condense).toHaveAttribute('title', 'Nothing new to condense since the last summary');

  const toggle = divider.getByRole('button', { name: /earlier events? condensed/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const summary = divider.getByRole('region', { name: 'Summary of the condensed events' });
  await expect(summary).toBeVisible();
  // Rendered as Markdown, like a message.
  await expect(summary.locator('strong')).toHaveText('two echo steps');
  await page.screenshot({ path: `${SCREENSHOTS}condensation-divider-1400.png` });
  await divider.screenshot({ path: `${SCREENSHOTS}condensation-divider-open.png` });

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(summary).toBeVisible();
  await expect(condense).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}condensation-divider-390.png` });

  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(summary).toBeHidden();
});
