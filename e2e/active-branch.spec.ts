import { expect, test } from './fixtures/workbench';
import { api, expectStatus, finish, SCREENSHOTS, script, startConversation } from './ui-support';

interface WireEvent {
  id: string;
  kind: string;
  parent_id?: string;
  llm_message?: { content: { type: string; text?: string }[] };
}

test('after navigate to an earlier event and a new message, only the active branch is shown', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(script(finish('Answer one.')));
  const id = await startConversation(page, workbench, 'First question');
  await expectStatus(page, 'finished');
  workbench.mockLlm.setScript(script(finish('Answer two.')));
  await page.getByLabel('Message').fill('Abandoned question');
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByText('Answer two.')).toBeVisible({ timeout: 20_000 });
  await expectStatus(page, 'finished');

  // Back to where the second question was asked (the end of the first turn), through the API.
  const page1 = (await api(workbench).get(`/api/conversations/${id}/events/search?limit=100`)) as {
    items: WireEvent[];
  };
  const abandoned = page1.items.find(
    (event) => event.kind === 'MessageEvent' && event.llm_message?.content[0]?.text === 'Abandoned question',
  );
  expect(abandoned?.parent_id).toBeTruthy();
  await api(workbench).post(`/api/conversations/${id}/navigate`, { event_id: abandoned?.parent_id });
  await expectStatus(page, 'idle');

  workbench.mockLlm.setScript(script(finish('Answer three.')));
  await page.getByLabel('Message').fill('The question instead');
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByText('Answer three.')).toBeVisible({ timeout: 20_000 });
  await expectStatus(page, 'finished');

  const expectActiveBranchOnly = async () => {
    await expect(page.getByText('Answer one.')).toBeVisible();
    await expect(page.getByText('The question instead')).toBeVisible();
    await expect(page.getByText('Answer three.')).toBeVisible();
    await expect(page.getByText('Abandoned question')).toHaveCount(0);
    await expect(page.getByText('Answer two.')).toHaveCount(0);
    await expect(page.getByTestId('message-user')).toHaveCount(2);
    // The earlier branch is not lost: a note marks where it was left.
    await expect(
      page.getByTestId('transcript-marker').filter({ hasText: 'An earlier branch of this conversation' }),
    ).toHaveCount(1);
  };
  await expectActiveBranchOnly();
  await page.screenshot({ path: `${SCREENSHOTS}active-branch.png` });

  await page.reload();
  await expectActiveBranchOnly();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}active-branch-390.png` });
});
