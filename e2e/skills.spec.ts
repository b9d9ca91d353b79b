import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, SCREENSHOTS, script, startConversation, toolTurn } from './ui-support';

/** Skills from the workspace: listed in the dialog, loaded by a trigger word and by invoke_skill. */
test('a trigger word loads a skill into the message, the agent loads another, the dialog lists both', async ({
  page,
  workbench,
}) => {
  const write = async (path: string, text: string) => {
    const full = join(workbench.workspace, path);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, text);
  };
  await write(
    '.agents/skills/deploy/SKILL.md',
    '---\nname: deploy\ndescription: How this project deploys\ntriggers: [ship-it]\n---\nRun the smoke test before any deploy.',
  );
  await write(
    '.openhands/skills/release/SKILL.md',
    '---\ndescription: How we cut a release\n---\nTag first, then push the tag.',
  );
  workbench.mockLlm.setScript(
    script(
      toolTurn('invoke_skill', { name: 'release', summary: 'Read the release skill' }),
      finish('Deployed and released.'),
    ),
  );

  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 390) {
      await page.reload();
      await expectStatus(page, 'finished');
    } else {
      await startConversation(page, workbench, 'Please ship-it and release');
      await expectStatus(page, 'finished', 30_000);
    }
    await expect(page.getByTestId('activated-skills')).toHaveText('Loaded skill: deploy');
    const card = page.getByTestId('action-card').filter({ hasText: 'Read the release skill' });
    await expect(card).toContainText('Skill');
    await expect(page.getByText('Deployed and released.')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}skills-transcript-${width}.png` });

    await page.getByRole('button', { name: 'Skills' }).click();
    const dialog = page.getByRole('dialog', { name: 'Skills' });
    await expect(dialog.locator('.skills__name')).toHaveText(['deploy', 'release']);
    await expect(dialog).toContainText('triggers: ship-it');
    await page.screenshot({ path: `${SCREENSHOTS}skills-dialog-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }

  // The model saw the triggered skill in the message and the loaded one as the tool's answer.
  const bodies = workbench.mockLlm.requests().map((request) => JSON.stringify(request.body));
  const last = bodies.filter((body) => body.includes('Tag first, then push the tag.')).at(-1) ?? '';
  expect(last).toContain('Run the smoke test before any deploy.');
});
