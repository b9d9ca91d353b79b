import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures/workbench';
import {
  api,
  expectStatus,
  finish,
  SCREENSHOTS,
  script,
  startConversation,
  terminal,
  toolTurn,
} from './ui-support';

/** The changes panel, restore with a preview and its undo, and branching with the files. */

function createFile(path: string, text: string, summary: string) {
  return toolTurn('file_editor', { command: 'create', path, file_text: text, summary, security_risk: 'LOW' });
}

function replaceIn(path: string, from: string, to: string, summary: string) {
  return toolTurn('file_editor', {
    command: 'str_replace',
    path,
    old_str: from,
    new_str: to,
    summary,
    security_risk: 'LOW',
  });
}

test('the changes panel follows a run; a diff opens; restore with preview puts a file back; the restore is undone', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const story = join(workbench.workspace, 'story.txt');
  const alpha = join(workbench.workspace, 'alpha.txt');
  writeFileSync(story, 'once upon a time\nthe end\n');
  // Over the size limit: not tracked, and said so quietly.
  writeFileSync(join(workbench.workspace, 'big.log'), Buffer.alloc(3 * 1024 * 1024, 'x'));
  workbench.mockLlm.setScript(
    script(
      createFile(alpha, 'alpha one\nalpha two\n', 'Write alpha'),
      terminal('sleep 3', { summary: 'Wait a moment' }),
      replaceIn(story, 'once upon', 'twice upon', 'Edit the story'),
      terminal('sleep 2', { summary: 'Wait again' }),
      finish('Wrote the files.'),
    ),
  );
  await startConversation(page, workbench, 'Write alpha and edit the story');
  const toggle = page.getByRole('button', { name: 'Changes', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByTestId('changes-panel');
  const files = panel.getByTestId('changed-file');

  // While the agent still works, the first file shows up by itself.
  await expect(files.filter({ hasText: 'alpha.txt' })).toBeVisible({ timeout: 15_000 });
  await expectStatus(page, 'running');
  await page.screenshot({ path: `${SCREENSHOTS}changes-live.png` });
  await expectStatus(page, 'finished', 30_000);
  await expect(panel.getByText('1 large or binary file is not tracked')).toBeVisible();
  await expect(files).toHaveCount(2);
  const storyRow = files.filter({ hasText: 'story.txt' });
  await expect(storyRow.locator('[data-status]')).toHaveAttribute('data-status', 'modified');
  await expect(files.filter({ hasText: 'alpha.txt' }).locator('[data-status]')).toHaveAttribute(
    'data-status',
    'added',
  );
  await expect(storyRow).toContainText('+1');
  await expect(storyRow).toContainText('−1');

  // The diff, expanded in place.
  await storyRow.getByRole('button', { name: 'Diff of story.txt' }).click();
  await expect(storyRow.getByRole('button', { name: 'Diff of story.txt' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const diff = storyRow.getByTestId('file-diff');
  await expect(diff.locator('.diff__line--remove')).toContainText('once upon a time');
  await expect(diff.locator('.diff__line--add')).toContainText('twice upon a time');

  // The step filter: the alpha step alone changed one file.
  const filter = panel.getByLabel('Show changes of');
  await filter.selectOption({ label: 'Step 1: Write alpha' });
  await expect(files).toHaveCount(1);
  await expect(files).toContainText('alpha.txt');
  await expect(panel.getByRole('button', { name: 'Restore to before' })).toBeEnabled();
  await filter.selectOption({ label: 'All changes' });
  await expect(panel.getByRole('button', { name: 'Restore to before' })).toHaveCount(0);
  await expect(files).toHaveCount(2);

  // Opening a file shows it whole, with line numbers; Esc closes it.
  await panel.getByRole('button', { name: 'Open alpha.txt' }).click();
  const viewer = page.getByRole('dialog', { name: 'alpha.txt' });
  await expect(viewer.getByTestId('file-viewer-content')).toContainText('alpha two');
  await expect(viewer.locator('.file-viewer__number')).toHaveText(['1', '2']);
  await page.screenshot({ path: `${SCREENSHOTS}changes-file-viewer.png` });
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}changes-panel.png` });

  // Restore to before the story edit: the preview names the file; the file goes back on disk.
  const editCard = page.getByTestId('action-card').filter({ hasText: 'Edit the story' });
  await editCard.hover();
  await editCard.getByRole('button', { name: 'Restore files to here' }).click();
  const restore = page.getByRole('dialog', { name: 'Restore files to before this step' });
  const preview = restore.getByTestId('restore-preview');
  await expect(preview).toContainText('story.txt');
  await expect(preview).toContainText('is put back');
  await expect(preview).not.toContainText('alpha.txt');
  await page.screenshot({ path: `${SCREENSHOTS}changes-restore-preview.png` });
  await restore.getByRole('button', { name: 'Restore files' }).click();
  await expect(restore).toHaveCount(0);
  await expect.poll(() => readFileSync(story, 'utf8')).toBe('once upon a time\nthe end\n');
  expect(readFileSync(alpha, 'utf8')).toBe('alpha one\nalpha two\n');
  const restoredRow = page.getByTestId('files-restored');
  await expect(restoredRow).toContainText('Files restored to before step 3: story.txt');
  await expect(storyRow).toHaveCount(0);
  await expect(files).toHaveCount(1);

  // Undo the restore (same preview dialog): the agent's version comes back.
  await restoredRow.getByRole('button', { name: 'Undo this restore' }).click();
  const undo = page.getByRole('dialog', { name: 'Undo this restore' });
  await expect(undo.getByTestId('restore-preview')).toContainText('story.txt');
  await page.keyboard.press('Enter');
  await expect(undo).toHaveCount(0);
  await expect.poll(() => readFileSync(story, 'utf8')).toBe('twice upon a time\nthe end\n');
  await expect(page.getByTestId('files-restored')).toHaveCount(2);
  await expect(files).toHaveCount(2);

  // Undo last step: restores to the last step's checkpoint (nothing changed since: nothing to do).
  await panel.getByRole('button', { name: 'Undo last step' }).click();
  const undoLast = page.getByRole('dialog', { name: 'Undo last step' });
  await expect(undoLast).toBeVisible();
  await undoLast.getByRole('button', { name: 'Cancel' }).click();
  await expect(undoLast).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}changes-restored.png` });

  // Narrow screens: Transcript and Changes are tabs.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(toggle).toBeHidden();
  const changesTab = page.getByRole('tab', { name: 'Changes' });
  await expect(changesTab).toHaveAttribute('aria-selected', 'true');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('transcript')).toBeHidden();
  await page.screenshot({ path: `${SCREENSHOTS}changes-narrow.png` });
  await page.getByRole('tab', { name: 'Transcript' }).click();
  await expect(page.getByTestId('transcript')).toBeVisible();
  await expect(panel).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}changes-narrow-transcript.png` });
});

test('restore is refused while the agent works: the controls are disabled with a reason', async ({
  page,
  workbench,
}) => {
  const file = join(workbench.workspace, 'busy.txt');
  workbench.mockLlm.setScript(
    script(
      createFile(file, 'busy\n', 'Write busy'),
      terminal('sleep 5', { summary: 'Nap' }),
      finish('Rested.'),
    ),
  );
  await startConversation(page, workbench, 'Write busy, then nap');
  const nap = page.locator('[data-action-kind="TerminalAction"]').first();
  await expect(nap).toHaveAttribute('data-phase', 'running', { timeout: 20_000 });
  const writeCard = page.getByTestId('action-card').filter({ hasText: 'Write busy' });
  await writeCard.hover();
  const restore = writeCard.getByRole('button', { name: 'Restore files to here' });
  await expect(restore).toHaveAttribute('aria-disabled', 'true');
  await expect(restore).toHaveAttribute('title', /while the agent is working/);
  await restore.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectStatus(page, 'finished', 30_000);
  await writeCard.hover();
  await expect(restore).not.toHaveAttribute('aria-disabled', 'true');
});

test('"Branch from here" with its own copy of the files: the branch has the old state, the original keeps the new', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const gamma = join(workbench.workspace, 'gamma.txt');
  workbench.mockLlm.setScript(
    script(
      createFile(gamma, 'version one\n', 'Write gamma'),
      replaceIn(gamma, 'version one', 'version two', 'Rewrite gamma'),
      finish('Gamma is at version two.'),
    ),
  );
  const sourceId = await startConversation(page, workbench, 'Write gamma twice');
  await expectStatus(page, 'finished', 30_000);
  expect(readFileSync(gamma, 'utf8')).toBe('version two\n');

  const firstEdit = page.getByRole('article', { name: 'File editor: Write gamma' });
  await firstEdit.hover();
  await firstEdit.getByRole('button', { name: 'Branch from here' }).click();
  const ask = page.getByRole('dialog', { name: 'Branch from here' });
  const copy = ask.getByRole('radio', { name: /own copy of the files/ });
  await expect(copy).toBeChecked();
  await expect(copy).toBeFocused();
  await page.screenshot({ path: `${SCREENSHOTS}changes-branch-dialog.png` });
  await ask.getByRole('button', { name: 'Branch', exact: true }).click();

  await expect(page).not.toHaveURL(new RegExp(sourceId));
  await expect(page.getByTestId('forked-from')).toBeVisible();
  const forkId = page.url().split('/').at(-1) ?? '';
  const fork = (await api(workbench).get(`/api/conversations/${forkId}`)) as {
    workspace: { working_dir: string };
    branch_folder?: boolean;
  };
  expect(fork.branch_folder).toBe(true);
  expect(fork.workspace.working_dir).not.toBe(workbench.workspace);
  const branchGamma = join(fork.workspace.working_dir, 'gamma.txt');
  expect(readFileSync(branchGamma, 'utf8')).toBe('version one\n');
  expect(readFileSync(gamma, 'utf8')).toBe('version two\n');

  // Deleting the branch offers to delete its folder too; the original workspace stays.
  const row = page.locator('.history-row', { has: page.locator(`a[href$="${forkId}"]`) });
  await row.hover();
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete this conversation?' });
  await remove.getByRole('checkbox', { name: /Also delete its branch folder/ }).check();
  await page.screenshot({ path: `${SCREENSHOTS}changes-delete-branch.png` });
  await remove.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(remove).toHaveCount(0);
  await expect.poll(() => existsSync(fork.workspace.working_dir)).toBe(false);
  expect(readFileSync(gamma, 'utf8')).toBe('version two\n');
});

test('"Edit and resend" asks too; "Keep working in the same folder" shares the workspace', async ({
  page,
  workbench,
}) => {
  const delta = join(workbench.workspace, 'delta.txt');
  workbench.mockLlm.setScript(script(createFile(delta, 'delta\n', 'Write delta'), finish('Delta written.')));
  const sourceId = await startConversation(page, workbench, 'Write delta');
  await expectStatus(page, 'finished', 30_000);
  workbench.mockLlm.setScript(script(finish('Nothing more.')));
  await page.getByLabel('Message').fill('Anything else?');
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByText('Nothing more.')).toBeVisible({ timeout: 20_000 });

  const followUp = page.getByTestId('message-user').filter({ hasText: 'Anything else?' });
  await followUp.hover();
  await followUp.getByRole('button', { name: 'Edit and resend' }).click();
  const ask = page.getByRole('dialog', { name: 'Edit and resend' });
  await ask.getByRole('radio', { name: /Keep working in the same folder/ }).check();
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await expect(page).not.toHaveURL(new RegExp(sourceId));
  await expect(page.getByLabel('Message')).toHaveValue('Anything else?');
  const forkId = page.url().split('/').at(-1) ?? '';
  const fork = (await api(workbench).get(`/api/conversations/${forkId}`)) as {
    workspace: { working_dir: string };
    branch_folder?: boolean;
  };
  expect(fork.workspace.working_dir).toBe(workbench.workspace);
  expect(fork.branch_folder).not.toBe(true);
});
