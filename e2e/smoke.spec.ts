import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures/workbench';
import { SCREENSHOTS } from './ui-support';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

test('the page loads through the launcher and shows the runtime version', async ({ page, workbench }) => {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  await page.goto(workbench.url);
  await expect(page).toHaveTitle(/Agent Workbench/);
  await expect(page.getByText(version, { exact: false }).first()).toBeVisible();
  expect(failures).toEqual([]);
});

test('the page survives a reload', async ({ page, workbench }) => {
  await page.goto(workbench.url);
  await expect(page.getByText(version, { exact: false }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByText(version, { exact: false }).first()).toBeVisible();
});

test('a client route loads the app directly', async ({ page, workbench }) => {
  const response = await page.goto(`${workbench.url}/conversations/00000000-0000-4000-8000-000000000000`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText(version, { exact: false }).first()).toBeVisible();
});

test('the page comes back after the runtime is killed and restarted', async ({ page, workbench }) => {
  await page.goto(workbench.url);
  await expect(page.getByText(version, { exact: false }).first()).toBeVisible();
  await workbench.killRuntime();
  await page.reload();
  await expect(page.getByText(version, { exact: false }).first()).toBeVisible();
});

test('the printed login URL opens the app once; opened again in a new browser it asks for the key', async ({
  browser,
  workbench,
}) => {
  const first = await browser.newContext();
  const violations: string[] = [];
  const page = await first.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(error.message));
  await page.goto(workbench.loginUrl);
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(`${workbench.url}/`);
  await expect(page.getByText(version, { exact: false }).first()).toBeVisible();
  const cookies = await first.cookies();
  expect(cookies.find((cookie) => cookie.name === 'awb_session')).toMatchObject({
    httpOnly: true,
    sameSite: 'Strict',
  });
  // The key is nowhere the page's scripts can reach.
  expect(await page.evaluate(() => document.cookie)).toBe('');
  expect(await page.content()).not.toContain(workbench.sessionKey);
  expect(violations).toEqual([]);
  await first.close();

  const second = await browser.newContext();
  const late = await second.newPage();
  await late.setViewportSize({ width: 1280, height: 800 });
  await late.goto(workbench.loginUrl);
  await expect(late).toHaveURL(`${workbench.url}/`);
  await expect(late.getByRole('heading', { name: 'Enter the session key' })).toBeVisible();
  await late.screenshot({ path: `${SCREENSHOTS}session-key.png` });

  // Typing the key logs this browser in too.
  await late.getByLabel('Session key').fill(workbench.sessionKey);
  await late.getByRole('button', { name: 'Continue' }).click();
  await expect(late.getByText(version, { exact: false }).first()).toBeVisible();
  await second.close();
});

test('the page cannot be framed', async ({ page, workbench }) => {
  const response = await page.goto(workbench.url);
  expect(response?.headers()['x-frame-options']).toBe('DENY');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});
