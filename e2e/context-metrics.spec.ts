import { expect, test } from './fixtures/workbench';
import {
  api,
  expectStatus,
  finish,
  SCREENSHOTS,
  script,
  startConversation,
  statusOf,
  terminal,
} from './ui-support';

/** What a conversation costs and how full the model's window is, seen while it runs. */
test('during a run the status line shows the context gauge, cost and cache rate; they open the usage by step and what the model sees', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  workbench.mockLlm.setScript(
    script(
      terminal('echo one', { summary: 'Step one' }),
      // Slow enough to look at the status line while the run goes.
      { ...terminal('echo two', { summary: 'Step two' }), delay_ms: 2_500 },
      finish('First task done.'),
    ),
  );
  await startConversation(page, workbench, 'Echo two lines');
  await expect(statusOf(page)).toHaveAttribute('data-status', 'running');
  const gauge = page.getByTestId('context-gauge');
  // The mock model is in no table: its window and its price are unknown, and say so.
  await expect(gauge).toContainText(/\d+(\.\d)?k? \/ unknown window/);
  await expect(page.getByTestId('conversation-cost')).toHaveText('unknown');
  await expect(page.getByTestId('cache-hit-rate')).toHaveText(/\d+% cached/);
  await expect(statusOf(page)).toHaveAttribute('data-status', 'running');
  await expectStatus(page, 'finished');

  // A conversation on a model with a known window and price: the gauge fills against 128k and the
  // cost is in dollars.
  const known = (await api(workbench).post('/api/conversations', {
    llm: { provider: 'openai-compatible', model: 'gpt-4o', base_url: workbench.mockLlm.url },
  })) as { id: string };
  workbench.mockLlm.setScript(
    script(
      terminal('echo one', { summary: 'Step one' }),
      { ...terminal('echo two', { summary: 'Step two' }), delay_ms: 2_500 },
      finish('All done.'),
    ),
  );
  await page.goto(`${workbench.url}/conversations/${known.id}`);
  await page.getByLabel('Message').fill('Echo two lines on a known model');
  await page.getByLabel('Message').press('Enter');
  await expect(statusOf(page)).toHaveAttribute('data-status', 'running');
  await expect(gauge).toContainText(/ \/ 128k$/, { timeout: 10_000 });
  await expect(gauge.locator('.context-gauge__track')).toBeVisible();
  await expect(page.getByTestId('conversation-cost')).toHaveText(/^\$\d+\.\d+$/);
  await expect(page.getByTestId('cache-hit-rate')).toHaveText(/\d+% cached/);
  await expectStatus(page, 'finished');
  // The steps after the first read their prefix from the mock's prompt cache.
  await expect(page.getByTestId('cache-hit-rate')).toHaveText(/[1-9]\d*% cached/);
  await page.locator('.conversation__bar').screenshot({ path: `${SCREENSHOTS}context-status-line.png` });

  await page.getByTestId('conversation-stats').click();
  const panel = page.getByRole('dialog', { name: 'Usage by step' });
  await expect(panel.getByTestId('metrics-row')).toHaveCount(3);
  await expect(panel.getByTestId('metrics-totals')).toContainText('3 calls');
  await expect(panel.getByRole('cell', { name: 'gpt-4o' })).toHaveCount(3);
  await page.screenshot({ path: `${SCREENSHOTS}context-metrics-panel-1400.png` });

  await panel.getByRole('button', { name: 'What the model sees' }).click();
  const view = page.getByRole('dialog', { name: 'What the model sees' });
  await expect(view.getByTestId('system-prompt-text')).toContainText('coding agent');
  await expect(view).toContainText('128k token window');
  await expect(view.getByText('terminal', { exact: true })).toBeVisible();
  await view.getByText('terminal', { exact: true }).click();
  await expect(view.locator('.model-context__schema').first()).toContainText('"command"');
  await page.screenshot({ path: `${SCREENSHOTS}context-model-view-1400.png` });
  await page.keyboard.press('Escape');
  await expect(view).toHaveCount(0);

  // A phone's width: the status line still shows the gauge and the cost on one line.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(gauge).toBeVisible();
  await expect(page.getByTestId('conversation-cost')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}context-status-390.png` });
});
