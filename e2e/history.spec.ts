import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/workbench';
import {
  openRowMenu,
  PHRASE,
  registerLightDesktopPage,
  rest,
  row,
  SEEDED,
  scrollToRow,
  seed,
  sidebar,
  title,
} from './history-support';
import { SCREENSHOTS } from './ui-support';

/**
 * History through the real launcher: 300 conversations seeded over REST, the whole list
 * reachable by scrolling, full-text search opening a conversation at the matching event, delete,
 * export; and a rename that survives a launcher restart (history-rename.spec.ts).
 */

registerLightDesktopPage();

test('every one of 300 conversations is reachable by scrolling the list', async ({ page, workbench }) => {
  test.setTimeout(120_000);
  await seed(workbench);
  await page.goto(workbench.url);
  const list = page.getByTestId('conversation-list');
  await expect(list.getByText(title(300), { exact: true })).toBeVisible();

  const seen = new Set<string>();
  for (let step = 0; step < 400; step += 1) {
    const titles = await list.locator('.history-row__title').allTextContents();
    for (const text of titles) seen.add(text);
    const atEnd = await list.evaluate((element) => {
      const before = element.scrollTop;
      element.scrollTop += element.clientHeight * 0.8;
      return element.scrollTop === before;
    });
    if (atEnd && (await list.getByText('Loading more…').count()) === 0) break;
    if (atEnd) await page.waitForTimeout(100);
  }
  for (let index = 1; index <= SEEDED; index += 1) expect(seen, title(index)).toContain(title(index));
  // The oldest is last: the list is newest activity first.
  await expect(list.getByText(title(1), { exact: true })).toBeVisible();
  // Virtualized: far fewer rows in the DOM than conversations.
  expect(await list.locator('.history-row').count()).toBeLessThan(80);
});

test('the list keeps its scroll position while it refreshes in the background', async ({
  page,
  workbench,
}) => {
  test.setTimeout(90_000);
  await seed(workbench);
  await page.goto(workbench.url);
  const list = page.getByTestId('conversation-list');
  await expect(list.getByText(title(300), { exact: true })).toBeVisible();
  await scrollToRow(page, title(250));
  const position = await list.evaluate((element) => element.scrollTop);
  expect(position).toBeGreaterThan(0);
  // The first page is polled every few seconds and the pinned section a little less often: wait
  // through several refreshes, and meanwhile let another tab create a conversation.
  await rest(workbench).create(301, 'Created elsewhere while the list was scrolled.');
  await page.waitForTimeout(12_000);
  expect(await list.evaluate((element) => element.scrollTop)).toBeGreaterThanOrEqual(position);
  await expect(row(page, title(250))).toBeVisible();
});

test('status dots tell running, waiting for you and error apart at a glance', async ({ page, workbench }) => {
  const created = await seed(workbench);
  const api = rest(workbench);
  const task = (text: string) => ({ role: 'user', content: [{ type: 'text', text }], run: true });
  workbench.mockLlm.setScript({
    turns: [
      {
        tool_calls: [
          { name: 'terminal', arguments: { command: 'ls', summary: 'List the files', security_risk: 'LOW' } },
        ],
      },
      { fail: 'auth' },
      { text: 'Reading the parser…', delay_ms: 60_000 },
    ],
  });
  const waiting = await api.createWith({
    title: 'Review the deploy script',
    confirmation_policy: { kind: 'AlwaysConfirm' },
    initial_message: task('Review deploy.sh'),
  });
  await api.untilStatus(waiting.id, 'waiting_for_confirmation');
  const failed = await api.createWith({
    title: 'Upgrade the test runner',
    initial_message: task('Upgrade vitest'),
  });
  await api.untilStatus(failed.id, 'error');
  const running = await api.createWith({
    title: 'Refactor the parser',
    initial_message: task('Refactor parse.ts'),
  });
  await api.untilStatus(running.id, 'running');
  for (const index of [120, 42]) await api.pin(created.get(index)?.id ?? '');

  await page.goto(`${workbench.url}/conversations/${created.get(42)?.id}`);
  const list = page.getByTestId('conversation-list');
  await expect(
    row(page, 'Review the deploy script').getByRole('img', { name: 'Waiting for you' }),
  ).toBeVisible();
  await expect(row(page, 'Review the deploy script')).toContainText('waiting for you');
  await expect(row(page, 'Upgrade the test runner').getByRole('img', { name: 'Error' })).toBeVisible();
  await expect(row(page, 'Refactor the parser').getByRole('img', { name: 'Running' })).toBeVisible();
  await expect(row(page, title(42)).getByRole('link')).toHaveAttribute('aria-current', 'page');
  await expect(list.getByText(title(120), { exact: true })).toBeVisible();
  await page.mouse.move(900, 500);
  await page.screenshot({ path: `${SCREENSHOTS}history-sidebar.png` });
});

test('a phrase said only in the 250th conversation finds it and opens it at that message', async ({
  page,
  workbench,
}) => {
  const created = await seed(workbench);
  await page.goto(workbench.url);
  const box = sidebar(page).getByRole('combobox', { name: 'Search conversations' });
  await box.fill(PHRASE);
  const results = sidebar(page).getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results.getByRole('option').first()).toContainText(title(250));
  await expect(results.locator('mark').first()).toHaveText(/zephyr/i);

  await box.press('Enter');
  const target = created.get(250)?.id ?? '';
  await page.waitForURL(new RegExp(`/conversations/${target}\\?event=`));
  const hit = page.locator('[data-search-hit]');
  await expect(hit).toBeVisible();
  await expect(hit).toContainText(PHRASE);
  await expect(hit).toBeInViewport();
});

test('the Ctrl+K palette searches from anywhere and opens a hit with the keyboard', async ({
  page,
  workbench,
}) => {
  const created = await seed(workbench);
  await page.goto(`${workbench.url}/conversations/${created.get(3)?.id}`);
  // The shortcut is the app's: wait until it is on screen (it first checks the session) before pressing.
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search conversations' });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill('tidy module');
  await expect(palette.getByRole('option').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}history-palette.png` });
  await palette.getByRole('combobox').press('ArrowDown');
  await expect(palette.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await palette.getByRole('combobox').press('Escape');
  await expect(palette).toBeHidden();

  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox').fill(PHRASE);
  await expect(palette.getByRole('option')).toHaveCount(1);
  await palette.getByRole('combobox').press('Enter');
  await expect(palette).toBeHidden();
  await expect(page.locator('[data-search-hit]')).toContainText(PHRASE);
});

test('search text with FTS syntax is searched as text, and a huge query is refused politely', async ({
  page,
  workbench,
}) => {
  await seed(workbench);
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  await page.goto(workbench.url);
  const box = sidebar(page).getByRole('combobox', { name: 'Search conversations' });
  for (const text of ['"unbalanced', 'tidy*', 'NEAR(module', '-module', 'a "b" OR c AND', '"module 7"']) {
    await box.fill(text);
    await expect(sidebar(page).getByRole('status').or(sidebar(page).getByRole('listbox'))).toBeVisible();
    await expect(sidebar(page).getByRole('alert')).toHaveCount(0);
  }
  await box.fill('x'.repeat(10_000));
  await expect(sidebar(page).getByRole('alert')).toContainText(/too long/i);
  await box.press('Escape');
  await expect(page.getByTestId('conversation-list')).toBeVisible();
  expect(failures).toEqual([]);
});

test('export as Markdown and JSON downloads the conversation', async ({ page, workbench }) => {
  await seed(workbench);
  await page.goto(workbench.url);
  const name = title(250);

  const markdown = await download(page, name, 'Export as Markdown');
  expect(markdown.filename).toMatch(/\.md$/);
  expect(markdown.text).toContain(name);
  expect(markdown.text).toContain(PHRASE);

  const json = await download(page, name, 'Export as JSON');
  expect(json.filename).toMatch(/\.json$/);
  const parsed: unknown = JSON.parse(json.text);
  expect(JSON.stringify(parsed)).toContain(PHRASE);
  expect(JSON.stringify(parsed)).toContain(name);
});

async function download(page: Page, name: string, item: string) {
  await scrollToRow(page, name);
  const menu = await openRowMenu(page, name);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('menuitem', { name: item }).click(),
  ]);
  const path = await file.path();
  return { filename: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test('delete asks first, says the workspace is kept, and the conversation is gone after a reload', async ({
  page,
  workbench,
}) => {
  const created = await seed(workbench);
  const victim = created.get(300)?.id ?? '';
  await page.goto(`${workbench.url}/conversations/${victim}`);
  const menu = await openRowMenu(page, title(300));
  await menu.getByRole('menuitem', { name: 'Delete…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' });
  await expect(dialog).toContainText('workspace are not touched');
  await page.screenshot({ path: `${SCREENSHOTS}history-delete.png` });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toBeHidden();
  // It was open: the app leaves it.
  await expect(page).toHaveURL(`${workbench.url}/`);
  await expect(row(page, title(300))).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('conversation-list').getByText(title(299), { exact: true })).toBeVisible();
  await expect(row(page, title(300))).toHaveCount(0);
  expect(await rest(workbench).status(`/api/conversations/${victim}`)).toBe(404);
});

test('typing in the search box while the start page is still loading keeps the text where it was typed', async ({
  page,
  workbench,
}) => {
  // Hold the start page's chunk until the person has typed into the sidebar's search box.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/new-conversation-page-[\w-]{8}\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(workbench.url);
  const box = sidebar(page).getByRole('combobox', { name: 'Search conversations' });
  await box.fill('parser');
  release();
  const task = page.getByLabel('Task');
  await expect(task).toBeVisible();
  await expect(box).toBeFocused();
  await page.keyboard.type(' refactor');
  await expect(box).toHaveValue('parser refactor');
  await expect(task).toHaveValue('');
});
