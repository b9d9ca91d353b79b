import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditedWorkbench,
  auditedWorkbenchFor,
  editorTurn,
  observationTexts,
  terminalTurn,
} from './audited-workbench';
import { chownTree, FALLBACK_CONTAINER_USER } from '../../src/runtime/sandbox/docker/container-user';
import { waitFor } from './file-attack-helpers';
import { actionRisks, gitControlSnapshot, hasGit, hostGit } from './host-git';

// The agent plants code the person's own git runs on the host (an fsmonitor in .git/config runs at
// every `git status`, a hook at the next commit), replayed through the real launcher, the mock model,
// each real sandbox (bubblewrap, and docker with `--sandbox docker`) and real git. Before the git
// protection these ran as LOW without asking and the person's next commit ran the planted code.

const FINISH = { tool_calls: [{ name: 'finish', arguments: { message: 'done' } }] };
const CONFIG_REASON = 'changes git configuration, which can make git run programs on the host';
const CONTROL_REASON = 'writes git hooks or repository configuration';

/** The workbench of the describe running now: each sandbox's run starts its own and closes it. */
let workbench: AuditedWorkbench;

/** A repository with one commit, made by the person on the host, as the conversation's workspace. */
async function personRepository(name: string): Promise<{ repo: string; gitDir: string; marker: string }> {
  const repo = join(workbench.home, name);
  await mkdir(repo);
  hostGit(repo, ['init', '-q']);
  await writeFile(join(repo, 'README.md'), 'hello\n');
  hostGit(repo, ['add', 'README.md']);
  hostGit(repo, ['commit', '-qm', 'first']);
  // On docker the repository is the person's, as HOME is (audited-workbench.ts): a root-owned folder
  // a person picked is refused at the first command, which would test nothing.
  if (workbench.sandbox === 'docker')
    chownTree(repo, FALLBACK_CONTAINER_USER.uid, FALLBACK_CONTAINER_USER.gid);
  return { repo, gitDir: join(repo, '.git'), marker: join(repo, 'PLANTED-CODE-RAN') };
}

function plantTurns(repo: string, marker: string) {
  return [
    terminalTurn(`git config core.fsmonitor 'touch ${marker}'; echo "config-exit=$?"`),
    terminalTurn(
      `printf '#!/bin/sh\\ntouch ${marker}\\n' > .git/hooks/pre-commit; chmod +x .git/hooks/pre-commit; echo "hook-exit=$?"`,
    ),
    editorTurn({
      command: 'create',
      path: join(repo, '.git', 'hooks', 'post-commit'),
      file_text: `#!/bin/sh\ntouch ${marker}\n`,
    }),
  ];
}

/** The person's own git after the run: status, add, commit. None may run what the agent planted. */
async function personCommits(repo: string): Promise<void> {
  hostGit(repo, ['status']);
  await writeFile(join(repo, 'person.txt'), 'mine\n');
  hostGit(repo, ['add', 'person.txt']);
  hostGit(repo, ['commit', '-qm', 'by the person']);
}

describe.each(['bubblewrap', 'docker'] as const)(
  'git audit (%s): the agent cannot plant what the person’s git runs',
  (sandbox) => {
    beforeAll(() => {
      expect(hasGit(), 'install git (apt-get install git)').toBe(true);
    });
    auditedWorkbenchFor(sandbox, (started) => {
      workbench = started;
    });

    it('approved, the fsmonitor and hooks are rated HIGH with the reason, refused by the sandbox, and never run on the host', async () => {
      const { repo, gitDir, marker } = await personRepository('approved');
      const before = gitControlSnapshot(gitDir);
      const run = await workbench.runTurns([...plantTurns(repo, marker), FINISH], {
        workspace: repo,
        approveAll: true,
      });
      const risks = actionRisks(run.events).filter((action) => action.tool !== 'finish');
      expect(risks.map((action) => action.risk)).toEqual(['HIGH', 'HIGH', 'HIGH']);
      expect(risks[0]?.reasons.join('\n')).toContain(CONFIG_REASON);
      expect(risks[1]?.reasons.join('\n')).toContain(CONTROL_REASON);
      expect(risks[2]?.reasons.join('\n')).toContain(CONTROL_REASON);
      const [config = '', hook = '', editor = ''] = observationTexts(run);
      expect(config).toMatch(/config-exit=[1-9]/);
      expect(hook).toMatch(/Read-only file system/);
      expect(hook).toMatch(/hook-exit=[1-9]/);
      expect(editor).toContain("git's own configuration or hooks");

      expect(gitControlSnapshot(gitDir)).toBe(before);
      await personCommits(repo);
      expect(existsSync(marker)).toBe(false);
    });

    it("worktree: true gives the agent its own worktree of the person's repository, its commands run there as the files' owner, and the repository's hooks never run", async () => {
      const { repo, gitDir, marker } = await personRepository('with-worktree');
      // The person's own hook: making or removing the worktree must not run it on the host.
      await writeFile(join(gitDir, 'hooks', 'post-checkout'), `#!/bin/sh\ntouch ${marker}\n`, {
        mode: 0o755,
      });
      workbench.mockLlm.setScript({
        turns: [terminalTurn('echo from-the-agent > agent.txt'), FINISH],
        fallback: { text: 'Done.' },
      });
      const created = await workbench.api.json('POST', '/api/conversations', {
        workspace: { working_dir: repo },
        worktree: true,
        confirmation_policy: { kind: 'NeverConfirm' },
        initial_message: { role: 'user', content: [{ type: 'text', text: 'Work in a worktree' }], run: true },
      });
      const folder = String((created.workspace as { working_dir: string }).working_dir);
      expect(dirname(folder)).toBe(`${repo}.worktrees`);
      await waitFor(() => existsSync(join(folder, 'agent.txt')), 60_000);
      expect(readFileSync(join(folder, 'agent.txt'), 'utf8')).toBe('from-the-agent\n');
      // On docker the commands run as the repository's owner, so what the agent writes stays theirs.
      if (sandbox === 'docker')
        expect(statSync(join(folder, 'agent.txt')).uid).toBe(FALLBACK_CONTAINER_USER.uid);
      expect(existsSync(join(repo, 'agent.txt'))).toBe(false);

      const deleted = await workbench.api.request('DELETE', `/api/conversations/${String(created.id)}`);
      expect(deleted.status).toBe(200);
      expect(existsSync(folder)).toBe(false);
      expect(existsSync(marker)).toBe(false);
    });

    it('under NeverConfirm the same attack runs without asking and the sandbox still refuses it', async () => {
      const { repo, gitDir, marker } = await personRepository('never-confirm');
      const before = gitControlSnapshot(gitDir);
      const run = await workbench.runTurns([...plantTurns(repo, marker), FINISH], {
        workspace: repo,
        confirmationPolicy: { kind: 'NeverConfirm' },
      });
      expect(run.status).toBe('finished');
      expect(gitControlSnapshot(gitDir)).toBe(before);
      await personCommits(repo);
      expect(existsSync(marker)).toBe(false);
    });

    it.each([
      ['the fsmonitor', 0, CONFIG_REASON],
      ['the hook', 1, CONTROL_REASON],
      ['the file editor hook', 2, CONTROL_REASON],
    ])('under the default policy %s waits for the person, with the reason', async (_name, index, reason) => {
      const { repo, gitDir, marker } = await personRepository(`default-${index}`);
      const before = gitControlSnapshot(gitDir);
      const turn = plantTurns(repo, marker)[index];
      if (turn === undefined) throw new Error('no such turn');
      const run = await workbench.runTurns([turn, FINISH], { workspace: repo });
      expect(run.status).toBe('waiting_for_confirmation');
      const [pending] = actionRisks(run.events);
      expect(pending?.risk).toBe('HIGH');
      expect(pending?.reasons.join('\n')).toContain(reason);
      expect(run.events.some((event) => event.kind === 'ObservationEvent')).toBe(false);
      expect(gitControlSnapshot(gitDir)).toBe(before);
    });
  },
);
