import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures/workbench';
import { api, expectStatus, finish, script, startConversation, terminal } from './ui-support';

interface StateUpdate {
  key: string;
  value: unknown;
}

/** How many times the conversation has stopped to wait for the person, from its durable events. */
async function timesAsked(workbench: Parameters<typeof api>[0], id: string): Promise<number> {
  const page = (await api(workbench).get(
    `/api/conversations/${id}/events/search?kind=ConversationStateUpdateEvent&limit=100`,
  )) as { items: StateUpdate[] };
  return page.items.filter(
    (event) => event.key === 'execution_status' && event.value === 'waiting_for_confirmation',
  ).length;
}

test('the header policy switcher changes when the agent asks, at once and across a reload', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(script(terminal('echo low-risk', { summary: 'Say hello' }), finish('One.')));
  const id = await startConversation(page, workbench, 'Say hello');
  const policy = page.getByRole('combobox', { name: 'Approval policy' });
  // The default asks only for risky actions: a low-risk command runs without asking.
  await expectStatus(page, 'finished');
  await expect(policy).toHaveValue('risky');
  await expect(policy.locator('option:checked')).toHaveText('Ask for risky');
  expect(await timesAsked(workbench, id)).toBe(0);

  // "Always ask": the same kind of low-risk command now waits in the approval dialog.
  await policy.selectOption({ label: 'Always ask' });
  await expect(policy).toHaveValue('always');
  await expect(policy).toBeEnabled();
  workbench.mockLlm.setScript(
    script(terminal('touch asked.txt', { summary: 'Create a marker' }), finish('Two.')),
  );
  const composer = page.getByLabel('Message');
  await composer.fill('Make a marker');
  await composer.press('Enter');
  const dialog = page.getByRole('dialog', { name: /approve this action/i });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('pending-action')).toContainText('touch asked.txt');
  await expect(dialog.getByTestId('pending-action').locator('[data-risk="LOW"]')).toBeVisible();
  expect(existsSync(join(workbench.workspace, 'asked.txt'))).toBe(false);
  await dialog.getByRole('button', { name: /approve/i }).click();
  await expect(dialog).toBeHidden();
  await expectStatus(page, 'finished');
  expect(existsSync(join(workbench.workspace, 'asked.txt'))).toBe(true);
  expect(await timesAsked(workbench, id)).toBe(1);

  // "Never ask": even a high-risk command runs without a dialog.
  await policy.selectOption({ label: 'Never ask' });
  await expect(policy).toHaveValue('never');
  await expect(policy).toBeEnabled();
  workbench.mockLlm.setScript(
    script(
      terminal('touch unasked.txt', { summary: 'Create another marker', risk: 'HIGH' }),
      finish('Three.'),
    ),
  );
  await composer.fill('Make another marker');
  await composer.press('Enter');
  await expect(page.getByText('Three.')).toBeVisible({ timeout: 20_000 });
  await expectStatus(page, 'finished');
  await expect(dialog).toBeHidden();
  expect(existsSync(join(workbench.workspace, 'unasked.txt'))).toBe(true);
  expect(await timesAsked(workbench, id)).toBe(1);

  // The choice is the conversation's own, kept by the runtime: it survives a reload.
  await page.reload();
  await expect(policy).toHaveValue('never');
  const info = (await api(workbench).get(`/api/conversations/${id}`)) as {
    confirmation_policy: { kind: string };
  };
  expect(info.confirmation_policy.kind).toBe('NeverConfirm');
});

test('switching back to "ask for risky" asks for a high-risk command again', async ({ page, workbench }) => {
  workbench.mockLlm.setScript(script(finish('Ready.')));
  await startConversation(page, workbench, 'Get ready');
  await expectStatus(page, 'finished');
  const policy = page.getByRole('combobox', { name: 'Approval policy' });
  await policy.selectOption({ label: 'Never ask' });
  await expect(policy).toHaveValue('never');
  await policy.selectOption({ label: 'Ask for risky' });
  await expect(policy).toHaveValue('risky');
  await expect(policy).toBeEnabled();

  workbench.mockLlm.setScript(script(terminal('rm -rf ./build', { summary: 'Clean', risk: 'HIGH' })));
  await page.getByLabel('Message').fill('Clean the build');
  await page.getByLabel('Message').press('Enter');
  const dialog = page.getByRole('dialog', { name: /approve this action/i });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('pending-action')).toContainText('rm -rf ./build');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
});
