import type { Page } from '@playwright/test';
import { expect, test, type Workbench } from './fixtures/workbench';
import { finish, SCREENSHOTS, script } from './ui-support';

/**
 * Managing the sidebar list by hand: pin and unpin from a row's menu, the sort and status filter
 * menu, and a list that updates while the page is open when another tab creates a conversation.
 */

function rest(workbench: Workbench) {
  const headers = { 'X-Session-API-Key': workbench.sessionKey, 'Content-Type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${workbench.url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as unknown;
  };
  const message = (text: string, run = false) => ({ role: 'user', content: [{ type: 'text', text }], run });
  return {
    async create(title: string, options: { task?: string; run?: boolean } = {}): Promise<string> {
      const body = {
        title,
        ...(options.task ? { initial_message: message(options.task, options.run) } : {}),
      };
      return ((await call('POST', '/api/conversations', body)) as { id: string }).id;
    },
    async say(id: string, text: string): Promise<void> {
      await call('POST', `/api/conversations/${id}/events`, message(text));
    },
    async info(id: string): Promise<{ execution_status: string; pinned: boolean }> {
      return (await call('GET', `/api/conversations/${id}`)) as { execution_status: string; pinned: boolean };
    },
  };
}

function list(page: Page) {
  return page.getByTestId('conversation-list');
}

function row(page: Page, name: string) {
  return list(page).locator('.history-row', { has: page.getByText(name, { exact: true }) });
}

/** The titles the sidebar shows, top to bottom, that start with `prefix` (other tests' rows left out). */
async function titles(page: Page, prefix: string): Promise<string[]> {
  const all = await list(page).locator('.history-row__title').allTextContents();
  return all.filter((title) => title.startsWith(prefix));
}

async function expectTitles(page: Page, prefix: string, expected: string[]): Promise<void> {
  await expect.poll(() => titles(page, prefix)).toEqual(expected);
}

async function rowAction(page: Page, name: string, item: string) {
  const target = row(page, name);
  await target.hover();
  await target.getByRole('button', { name: `Actions for ${name}` }).click();
  const menu = page.getByRole('menu', { name: `Actions for ${name}` });
  await menu.getByRole('menuitem', { name: item }).click();
  await expect(menu).toBeHidden();
}

async function listOption(page: Page, option: string) {
  await page.getByRole('button', { name: 'Sort and filter' }).click();
  const menu = page.getByRole('menu', { name: 'Sort and filter' });
  await menu.getByRole('menuitemradio', { name: option, exact: true }).click();
  await expect(menu).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('pinning from the row menu puts the conversation in a section on top; unpinning removes it', async ({
  page,
  workbench,
}) => {
  const api = rest(workbench);
  const pinnedId = await api.create('Pin: the release checklist');
  await api.create('Pin: something newer');
  await page.goto(workbench.url);
  await expectTitles(page, 'Pin: ', ['Pin: something newer', 'Pin: the release checklist']);
  await expect(list(page).getByRole('heading', { name: 'Pinned' })).toHaveCount(0);

  await rowAction(page, 'Pin: the release checklist', 'Pin');
  const headings = list(page).getByRole('heading');
  await expect(headings).toHaveText(['Pinned', 'Recent']);
  // Pinned first, shown once, with the pin mark; the rest follow under "Recent".
  await expectTitles(page, 'Pin: ', ['Pin: the release checklist', 'Pin: something newer']);
  await expect(row(page, 'Pin: the release checklist')).toHaveCount(1);
  await expect(row(page, 'Pin: the release checklist').getByLabel('Pinned')).toBeVisible();
  const pinnedTop = await row(page, 'Pin: the release checklist').boundingBox();
  const headingTop = await list(page).getByRole('heading', { name: 'Pinned' }).boundingBox();
  expect(pinnedTop && headingTop && pinnedTop.y > headingTop.y).toBe(true);
  await page.mouse.move(900, 400);
  await page.screenshot({ path: `${SCREENSHOTS}sidebar-pinned.png` });

  // Kept by the runtime: still pinned after a reload.
  await page.reload();
  await expect(list(page).getByRole('heading', { name: 'Pinned' })).toBeVisible();
  expect((await api.info(pinnedId)).pinned).toBe(true);

  await rowAction(page, 'Pin: the release checklist', 'Unpin');
  await expect(list(page).getByRole('heading')).toHaveCount(0);
  await expectTitles(page, 'Pin: ', ['Pin: something newer', 'Pin: the release checklist']);
  await expect(row(page, 'Pin: the release checklist').getByLabel('Pinned')).toHaveCount(0);
  await page.reload();
  await expect(row(page, 'Pin: the release checklist')).toBeVisible();
  await expect(list(page).getByRole('heading')).toHaveCount(0);
  expect((await api.info(pinnedId)).pinned).toBe(false);
});

test('the list sorts by recent activity or by date created', async ({ page, workbench }) => {
  const api = rest(workbench);
  const first = await api.create('Sort: first created');
  await api.create('Sort: second created');
  await api.create('Sort: third created');
  // Activity on the oldest one brings it to the top of the default order, not of "date created".
  await api.say(first, 'One more thing about the first one.');

  await page.goto(workbench.url);
  await expectTitles(page, 'Sort: ', ['Sort: first created', 'Sort: third created', 'Sort: second created']);

  await listOption(page, 'Date created');
  await expectTitles(page, 'Sort: ', ['Sort: third created', 'Sort: second created', 'Sort: first created']);
  await expect(page.getByRole('button', { name: 'Sort and filter' })).toHaveClass(
    /history-toolbar__button--on/,
  );
  await page.getByRole('button', { name: 'Sort and filter' }).click();
  await expect(
    page.getByRole('menu', { name: 'Sort and filter' }).getByRole('menuitemradio', { name: 'Date created' }),
  ).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  await listOption(page, 'Recent activity');
  await expectTitles(page, 'Sort: ', ['Sort: first created', 'Sort: third created', 'Sort: second created']);
  await expect(page.getByRole('button', { name: 'Sort and filter' })).not.toHaveClass(
    /history-toolbar__button--on/,
  );
});

test('the status filter shows only conversations with that status', async ({ page, workbench }) => {
  const api = rest(workbench);
  workbench.mockLlm.setScript(script(finish('Done with it.')));
  const done = await api.create('Filter: a finished one', { task: 'Finish at once', run: true });
  await expect
    .poll(async () => (await api.info(done)).execution_status, { timeout: 20_000 })
    .toBe('finished');
  await api.create('Filter: a new one', { task: 'Not started yet' });

  await page.goto(workbench.url);
  await expectTitles(page, 'Filter: ', ['Filter: a new one', 'Filter: a finished one']);

  await listOption(page, 'Finished');
  await expectTitles(page, 'Filter: ', ['Filter: a finished one']);
  for (const status of await list(page).locator('.history-row [role="img"]').all())
    await expect(status).toHaveAttribute('aria-label', 'Finished');

  await listOption(page, 'Ready');
  await expectTitles(page, 'Filter: ', ['Filter: a new one']);

  await listOption(page, 'Stuck');
  await expect(page.getByText('No conversations with this status.')).toBeVisible();

  await listOption(page, 'All');
  await expectTitles(page, 'Filter: ', ['Filter: a new one', 'Filter: a finished one']);
});

test('a conversation created in another tab appears in the open sidebar without a reload', async ({
  page,
  workbench,
}) => {
  const api = rest(workbench);
  await api.create('Live: already there');
  await page.goto(workbench.url);
  await expect(row(page, 'Live: already there')).toBeVisible();
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });

  // "Another tab": the REST API, while this page stays open.
  workbench.mockLlm.setScript(script(finish('Finished over there.')));
  await api.create('Live: made in another tab', { task: 'Run elsewhere', run: true });
  await expectTitles(page, 'Live: ', ['Live: made in another tab', 'Live: already there']);
  // Its run shows too: the row's status follows the other tab's run.
  await expect(row(page, 'Live: made in another tab').getByRole('img', { name: 'Finished' })).toBeVisible({
    timeout: 20_000,
  });
  expect(navigations).toBe(0);
});
