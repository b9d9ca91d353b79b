import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditedWorkbench,
  observationTexts,
  startAuditedWorkbench,
  terminalTurn,
} from './audited-workbench';

// Saved secrets through the real launcher, the mock model and real bubblewrap: the value is sealed in
// the data dir, survives a restart of the runtime, reaches a command only when the command names it,
// and is masked in everything recorded, logged or sent to the model.

const VALUE = 'tok-saved-audit-8c1f2e7d9a4b6053';
const FINISH = { tool_calls: [{ name: 'finish', arguments: { message: 'done' } }] };
const NEVER_CONFIRM = { confirmationPolicy: { kind: 'NeverConfirm' } };

let workbench: AuditedWorkbench;
beforeAll(async () => {
  try {
    execFileSync('bwrap', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'bubblewrap is missing: install it (apt-get install bubblewrap) to run the saved-secrets audit',
    );
  }
  workbench = await startAuditedWorkbench();
  const saved = await workbench.api.request('PUT', '/api/secrets/MY_TOKEN', {
    value: VALUE,
    description: 'audit',
  });
  if (saved.status !== 201) throw new Error(`saving the secret answered ${saved.status}: ${saved.text}`);
}, 60_000);
afterAll(async () => {
  await workbench?.close();
});

/** Every file under `folder`, recursively, as bytes. */
async function filesUnder(folder: string): Promise<Array<{ path: string; bytes: Buffer }>> {
  const found: Array<{ path: string; bytes: Buffer }> = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found.push({ path, bytes: await readFile(path) });
  }
  return found;
}

async function restartRuntime(): Promise<void> {
  const before = workbench.runtimePid();
  process.kill(before ?? 0, 'SIGKILL');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const now = workbench.runtimePid();
    if (now !== undefined && now !== before) {
      const answer = await workbench.api.request('GET', '/api/secrets').catch(() => undefined);
      if (answer?.status === 200) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the runtime did not come back within 30 s');
}

describe('saved secrets audit', () => {
  it('a command naming $MY_TOKEN receives it and sees it masked; one that does not name it never receives it', async () => {
    const digest = createHash('sha256').update(VALUE).digest('hex');
    const run = await workbench.runTurns(
      [
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
        terminalTurn('echo "named:$MY_TOKEN"; printf %s "${MY_TOKEN}" | sha256sum'),
        // Not named: neither in its environment nor left over in the shell by the command before.
        terminalTurn(
          'echo "unnamed:[$(printenv | grep -c "^MY_TOKEN=")]"; cat /proc/self/environ | tr "\\0" "\\n" | grep -c TOKEN= || true',
        ),
        FINISH,
      ],
      NEVER_CONFIRM,
    );
    const [named, unnamed] = observationTexts(run);
    expect(named).toContain('named:‹secret:MY_TOKEN›');
    expect(named).toContain(digest);
    expect(unnamed).toContain('unnamed:[0]');
    expect(run.transcript).not.toContain(VALUE);
    const requests = JSON.stringify(workbench.mockLlm.requests());
    expect(requests).not.toContain(VALUE);
    // The model is told the name, never the value.
    expect(requests).toContain('- MY_TOKEN');
  });

  it('a saved secret survives a restart, and its value is in no byte of the data dir but sealed', async () => {
    await restartRuntime();
    const listed = await workbench.api.json('GET', '/api/secrets');
    expect(listed.items).toEqual([
      expect.objectContaining({ name: 'MY_TOKEN', description: 'audit', value_set: true }),
    ]);
    const run = await workbench.runTurns([terminalTurn('echo "again:$MY_TOKEN"'), FINISH], NEVER_CONFIRM);
    expect(observationTexts(run)[0]).toContain('again:‹secret:MY_TOKEN›');
    const spellings = [VALUE, Buffer.from(VALUE).toString('base64'), Buffer.from(VALUE).toString('hex')];
    const files = await filesUnder(workbench.dataDir);
    expect(files.map((file) => file.path)).toEqual(
      expect.arrayContaining([
        join(workbench.dataDir, 'secrets.json'),
        join(workbench.dataDir, 'workbench.db'),
      ]),
    );
    for (const { path, bytes } of files)
      for (const spelling of spellings)
        expect(bytes.includes(spelling), `${spelling} in ${path}`).toBe(false);
    const logs = [...workbench.launcher.stdoutLines, ...workbench.launcher.stderrLines].join('\n');
    expect(logs).not.toContain(VALUE);
  });
});
