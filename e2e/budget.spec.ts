import type { ScriptTurn } from '../src/runtime/llm/llm-script';
import { checkScreen } from './accessibility';
import { expect, test } from './fixtures/workbench';
import { api, expectStatus, script, terminal } from './ui-support';

/**
 * gpt-4o lists $2.50 per million input tokens and $10 per million output tokens, so a step of 1,000
 * in and 25,000 out costs $0.2525 by the runtime's price table, as a real provider's reply would.
 */
const priced = (turn: ScriptTurn): ScriptTurn => ({
  ...turn,
  usage: { prompt_tokens: 1_000, completion_tokens: 25_000 },
});

test('a run stops at its budget, the card shows it, and raising the budget resumes it to the end', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(
    script(
      priced(terminal('echo one')),
      priced(terminal('echo two')),
      priced(terminal('echo three')),
      priced(terminal('echo four')),
      { text: 'All four steps done.' },
    ),
  );
  // The conversation's own model, priced, at the mock (the launcher's settings name an unpriced one).
  const created = (await api(workbench).post('/api/conversations', {
    title: 'Priced work',
    workspace: { working_dir: workbench.workspace },
    llm: { provider: 'openai-compatible', model: 'gpt-4o', base_url: workbench.mockLlm.url },
    max_budget_per_run: 0.6,
    initial_message: { role: 'user', content: [{ type: 'text', text: 'Do four steps' }], run: true },
  })) as { id: string };
  await page.goto(`${workbench.url}/conversations/${created.id}`);

  // Three steps reach $0.7575, over the $0.60 limit: paused before the fourth, not failed.
  await expectStatus(page, 'paused');
  const card = page.getByTestId('budget-pause-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText("Paused at this run's budget");
  await expect(card).toContainText('$0.7575 spent of $0.6000');
  await expect(page.getByTestId('budget-notice').filter({ hasText: 'Budget reached' })).toBeVisible();
  await expect(page.getByTestId('conversation-banner')).toHaveCount(0);
  await expect(page.locator('[data-action-kind="TerminalAction"]')).toHaveCount(3);
  const callsWhenPaused = workbench.mockLlm.requests().length;
  // The paused page meets WCAG A/AA at both widths (photographed under .tmp/).
  await checkScreen(page, 'budget-pause');
  await page.setViewportSize({ width: 1400, height: 900 });

  // A limit below the spend would pause again at once: the card says so and sends nothing.
  await card.getByTestId('budget-new-limit').fill('0.7');
  await expect(card).toContainText('Raise it above what was spent');
  await card.getByTestId('budget-new-limit').fill('5');
  await card.getByRole('button', { name: 'Raise budget and resume' }).click();

  await expectStatus(page, 'finished');
  await expect(page.getByText('All four steps done.')).toBeVisible();
  await expect(page.getByTestId('budget-pause-card')).toHaveCount(0);
  await expect(page.locator('[data-action-kind="TerminalAction"]')).toHaveCount(4);
  expect(workbench.mockLlm.requests().length).toBe(callsWhenPaused + 2);
  const info = (await api(workbench).get(`/api/conversations/${created.id}`)) as {
    budgets: { max_budget_per_run: number };
  };
  expect(info.budgets.max_budget_per_run).toBe(5);
});

test("an automation's budget is set in its form, and its run history shows the run stopped at it", async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(
    script(priced(terminal('echo one')), priced(terminal('echo two')), priced(terminal('echo three'))),
  );
  // Its own priced model, served at the settings' endpoint (the mock), as the model picker would choose it.
  const response = await fetch(`${workbench.url}/api/automation/automations`, {
    method: 'POST',
    headers: { 'X-Session-API-Key': workbench.sessionKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Nightly priced job',
      workspace: workbench.workspace,
      message: 'Do the nightly steps',
      llm: { provider: 'openai-compatible', model: 'gpt-4o' },
      budget: 1,
    }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await page.goto(`${workbench.url}/automations/${id}`);

  const form = page.getByRole('form', { name: 'Edit automation' });
  const budget = form.getByLabel('Budget per run (USD)');
  await expect(budget).toHaveValue('1');
  // 0 is refused beside the field, before anything is sent.
  await budget.fill('0');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('alert')).toContainText('A budget is a positive number of US dollars');
  await budget.fill('0.3');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved');

  // Two steps of $0.2525 reach the $0.30 limit: the run pauses before the third.
  await page.getByRole('button', { name: 'Run now' }).click();
  const runs = page.getByTestId('automation-runs');
  await expect(runs.getByTestId('run-budget-stop')).toHaveText('Stopped at budget: $0.5050 of $0.3000', {
    timeout: 20_000,
  });
  await runs.getByRole('link', { name: 'Open conversation' }).click();
  await expectStatus(page, 'paused');
  await expect(page.getByTestId('budget-pause-card')).toContainText("Paused at the automation's budget");
});
