import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, SCREENSHOTS, script, startConversation, toolTurn } from './ui-support';

/** The model greps, then changes two files with one apply_patch call: one card, a diff per file. */
test('a grep folds its listing and an apply_patch shows one card with a diff for each file', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await writeFile(join(workbench.workspace, 'app.ts'), 'const a = 1 // TODO\nconst b = 2\n');
  await writeFile(join(workbench.workspace, 'notes.md'), 'TODO: notes\n');
  const patch = [
    '*** Begin Patch',
    '*** Update File: app.ts',
    '@@',
    '-const a = 1 // TODO',
    '+const a = 10',
    '*** Add File: docs/changes.md',
    '+Fixed the TODOs.',
    '*** Delete File: notes.md',
    '*** End Patch',
  ].join('\n');
  workbench.mockLlm.setScript(
    script(
      toolTurn('grep', { pattern: 'TODO', output_mode: 'content' }),
      toolTurn('apply_patch', { patch, summary: 'Fix the TODOs', security_risk: 'LOW' }),
      finish('Fixed.'),
    ),
  );
  await startConversation(page, workbench, 'Fix the TODOs');
  await expectStatus(page, 'finished', 30_000);

  const search = page.locator('[data-action-kind="GrepAction"]');
  await expect(search).toContainText('Search');
  await expect(search.locator('summary')).toContainText('Matches for "TODO"');

  const card = page.locator('[data-action-kind="ApplyPatchAction"]');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Fix the TODOs');
  const diff = card.getByTestId('patch-diff');
  await expect(diff.locator('.file-edit')).toHaveCount(3);
  await expect(diff).toContainText(join(workbench.workspace, 'app.ts'));
  await expect(diff).toContainText('const a = 10');
  await expect(diff).toContainText('changed');
  await expect(diff).toContainText('added');
  await expect(diff).toContainText('deleted');
  await card.screenshot({ path: `${SCREENSHOTS}apply-patch-card.png` });
});
