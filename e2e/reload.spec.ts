import { expect, test } from './fixtures/workbench';
import { expectStatus, script, startConversation, terminal } from './ui-support';

// Tall enough that the virtual list renders every row, so the DOM can be checked for duplicates.
test.use({ viewport: { width: 1280, height: 2400 } });

const FINAL_TEXT = `Summary: ${'the work went well and everything is in place. '.repeat(5)}The end.`;

test('reloading mid-run resumes from the cursor: streaming continues and nothing shows twice', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(
    script(
      terminal('sleep 2 && echo step-one', { summary: 'First step' }),
      terminal('echo step-two', { summary: 'Second step' }),
      { text: FINAL_TEXT, chunk_size: 4, chunk_delay_ms: 80 },
    ),
  );
  await startConversation(page, workbench, 'Do three things');
  await expect(page.locator('[data-action-kind="TerminalAction"]').first()).toBeVisible({ timeout: 20_000 });
  await page.reload();

  // The stream is shown while it runs, in its own slot...
  await expect(page.getByTestId('streaming-message')).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(page.getByTestId('streaming-message')).toBeVisible();
  // ...and replaced by the final message, never duplicated.
  await expectStatus(page, 'finished');
  await expect(page.getByTestId('streaming-message')).toHaveCount(0);
  await expect(page.getByTestId('message-agent')).toHaveCount(1);
  await expect(page.getByTestId('message-agent')).toContainText('The end.');

  const keys = await page
    .locator('[data-row-key]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key')));
  expect(new Set(keys).size).toBe(keys.length);
  await expect(page.getByTestId('message-user')).toHaveCount(1);
  await expect(page.locator('[data-action-kind="TerminalAction"]')).toHaveCount(2);
  await expect(page.locator('.terminal__output', { hasText: 'step-one' })).toHaveCount(1);
});
