import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, SCREENSHOTS, script, startConversation } from './ui-support';

test('a reload while the runtime restarts recovers on its own, without another reload', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(script(finish('Done before the restart.')));
  const id = await startConversation(page, workbench, 'Survive a restart');
  await expectStatus(page, 'finished');
  await page.goto(`${workbench.url}/history`);
  await expect(page.getByText('Survive a restart').first()).toBeVisible();

  const restarted = workbench.killRuntime();
  // The ingress answers 502 while the runtime is down: reload the conversation then. A bundled
  // runtime is back within a second or so, so the page's own requests keep getting the 502 the
  // ingress gave until the restart is complete, or the down state could be missed.
  // A request made at the very moment of the kill may instead find its connection closed (the runtime
  // held it): polled past that too.
  await expect
    .poll(async () => (await fetch(`${workbench.url}/server_info`).catch(() => undefined))?.status ?? 0, {
      timeout: 5_000,
    })
    .toBeGreaterThanOrEqual(500);
  const badGateway = { status: 502, contentType: 'application/json', body: '{"detail":"Bad Gateway"}' };
  await page.route(`**/api/conversations/${id}**`, (route) => route.fulfill(badGateway));
  await page.goto(`${workbench.url}/conversations/${id}`);
  await expect(page.getByText(/Could not open this conversation|Waiting for the runtime/)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}reconnect-retry-down.png` });
  await restarted;
  await page.unrouteAll();

  // No reload from here on: the page and the sidebar's list come back by themselves.
  await expect(page.getByTestId('connection-indicator')).toHaveText(/Connected/, { timeout: 20_000 });
  await expect(page.getByText('Done before the restart.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Could not open this conversation/)).toHaveCount(0);
  await expect(page.getByText(/Could not load conversations/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Survive a restart/ }).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}reconnect-retry-recovered.png` });
});

test('a list that gave up while the runtime was away loads again as soon as it answers', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(script(finish('Listed later.')));
  await startConversation(page, workbench, 'Find me in the list');
  await expectStatus(page, 'finished');

  // A longer outage than the list's own retries cover: the ingress answers 502 to these two calls.
  const badGateway = { status: 502, contentType: 'application/json', body: '{"detail":"Bad Gateway"}' };
  await page.route('**/server_info', (route) => route.fulfill(badGateway));
  await page.route('**/api/conversations/search?**', (route) => route.fulfill(badGateway));
  await page.goto(`${workbench.url}/`);
  await expect(page.getByText(/Could not load conversations/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('connection-indicator')).toHaveText(/Reconnecting/);
  await page.screenshot({ path: `${SCREENSHOTS}reconnect-retry-list-down.png` });

  await page.unrouteAll();
  await expect(page.getByTestId('connection-indicator')).toHaveText(/Connected/, { timeout: 10_000 });
  await expect(page.getByText(/Could not load conversations/)).toHaveCount(0, { timeout: 5_000 });
  await expect(page.getByRole('link', { name: /Find me in the list/ }).first()).toBeVisible();
});
