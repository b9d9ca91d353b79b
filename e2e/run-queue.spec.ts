import { expect, test } from './fixtures/workbench';
import { SCREENSHOTS, api, expectStatus, finish, startConversation, statusOf, terminal } from './ui-support';

async function setMaxConcurrentRuns(url: string, sessionKey: string, value: number | null): Promise<void> {
  const response = await fetch(`${url}/api/settings`, {
    method: 'PATCH',
    headers: { 'X-Session-API-Key': sessionKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ max_concurrent_runs: value }),
  });
  if (!response.ok) throw new Error(`PATCH /api/settings: ${response.status} ${await response.text()}`);
}

test('with one run at a time, a second task waits as Queued in the header and the list, then runs', async ({
  page,
  workbench,
}) => {
  await setMaxConcurrentRuns(workbench.url, workbench.sessionKey, 1);
  try {
    workbench.mockLlm.setScript({
      turns: [terminal('sleep 60', { summary: 'A long job' })],
      fallback: finish('Second task done.'),
    });
    const rest = api(workbench);
    const first = (await rest.post('/api/conversations', {
      title: 'Long job',
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Work for a while' }], run: true },
    })) as { id: string };
    await expect
      .poll(
        async () =>
          ((await rest.get(`/api/conversations/${first.id}`)) as { execution_status: string })
            .execution_status,
      )
      .toBe('running');

    const second = await startConversation(page, workbench, 'Second task');
    await expect(statusOf(page)).toHaveAttribute('data-status', 'queued');
    await expect(statusOf(page)).toContainText('Queued, next to start');
    const row = page.locator(`.history-row[data-conversation-id="${second}"]`);
    await expect(row.getByText('queued', { exact: true })).toBeVisible();
    await expect(row.getByRole('img', { name: 'Queued' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}run-queue.png` });

    // Leaving the queue pauses it; Resume puts it back at the end of the queue.
    await page.getByRole('button', { name: 'Leave queue' }).click();
    await expectStatus(page, 'paused');
    await expect(row.getByText('queued', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(statusOf(page)).toHaveAttribute('data-status', 'queued');

    // The first run ends (stopped here): the queued one starts by itself and finishes.
    await rest.post(`/api/conversations/${first.id}/interrupt`, {});
    await expectStatus(page, 'finished');
    await expect(row.getByText('queued', { exact: true })).toHaveCount(0);
  } finally {
    await setMaxConcurrentRuns(workbench.url, workbench.sessionKey, null);
  }
});
