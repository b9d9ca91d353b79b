import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures/workbench';

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
