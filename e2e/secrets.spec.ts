import { expectAccessible } from './accessibility';
import { expect, test } from './fixtures/workbench';
import { SCREENSHOTS } from './ui-support';

const SHOTS = `${SCREENSHOTS}secrets/`;
const VALUE = 'e2e-saved-secret-value-7d3a';

test('a secret added in the settings is listed as set, never shown again, and deleted', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(workbench.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const section = dialog.getByTestId('secrets-section');
  await section.locator('summary').click();
  await section.getByRole('button', { name: 'Add a secret' }).click();
  const form = section.getByRole('group', { name: 'New secret' });
  await form.getByLabel('Name').fill('MY-TOKEN');
  await form.getByLabel('Value').fill(VALUE);
  await form.getByRole('button', { name: 'Add secret' }).click();
  await expect(form.getByRole('alert')).toContainText('environment variable');
  await form.getByLabel('Name').fill('MY_TOKEN');
  await form.getByLabel('Description').fill('deploy token');
  await expect(form.getByLabel('Value')).toHaveAttribute('type', 'password');
  await form.getByRole('button', { name: 'Add secret' }).click();

  const row = section.getByTestId('secret-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('MY_TOKEN');
  await expect(row).toContainText('set');
  await expect(row).toContainText('deploy token');
  await expect(section.locator('summary')).toHaveText('Secrets · 1');
  expect(await page.content()).not.toContain(VALUE);
  await page.screenshot({ path: `${SHOTS}settings-list-1400.png` });
  await expectAccessible(page, 'settings-secrets');

  // Replacing asks for a new value in an empty field: the saved one never comes back.
  await row.getByRole('button', { name: 'Replace the value of MY_TOKEN' }).click();
  const replace = section.getByRole('group', { name: 'Replace MY_TOKEN' });
  await expect(replace.getByLabel('Value')).toHaveValue('');
  await replace.getByLabel('Value').fill(`${VALUE}-2`);
  await replace.getByRole('button', { name: 'Replace value' }).click();
  await expect(section.getByTestId('secret-row')).toHaveCount(1);

  // Saved in the runtime, by name only.
  const listed = await page.evaluate(async () => (await fetch('/api/secrets')).text());
  expect(listed).toContain('MY_TOKEN');
  expect(listed).not.toContain(VALUE);

  await section.getByRole('button', { name: 'Delete MY_TOKEN' }).click();
  await expect(section.getByTestId('secret-row')).toHaveCount(0);
  await expect(section).toContainText('No secrets yet.');
});
