import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING_SCRIPT } from '../../src/runtime/mcp/testing-servers';
import {
  type AuditedWorkbench,
  type FinishedRun,
  observationTexts,
  startAuditedWorkbench,
} from './audited-workbench';
import { readFilesTurn, writeFileReadingServer } from './file-reading-mcp-server';

// The MCP escape of the second audit, replayed through the real launcher, the mock model and real
// bubblewrap: a stdio server whose files (or whose configuration) live in HOME was shown the folder
// around them after the masks, so one tool call handed the model the session key and credentials.

let workbench: AuditedWorkbench;
beforeAll(async () => {
  try {
    execFileSync('bwrap', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('bubblewrap is missing: install it (apt-get install bubblewrap) to run the MCP audit');
  }
  workbench = await startAuditedWorkbench();
}, 60_000);
afterAll(async () => {
  await workbench?.close();
});

const FINISH = { tool_calls: [{ name: 'finish', arguments: { message: 'done' } }] };
const CREDENTIAL_CONTENT = ['PRIVATE-SSH-KEY-MATERIAL', 'AWS-SECRET'];

/** Files a server must never read: the session key and the credentials in the audited HOME. */
function stolenPaths(): string[] {
  const { dataDir, home } = workbench;
  return [join(dataDir, 'session-key'), join(home, '.ssh', 'id_ed25519'), join(home, '.aws', 'credentials')];
}

/** A conversation whose own server `reader` is `server`; the model asks it for `paths`. */
function runReader(server: Record<string, unknown>, paths: readonly string[]): Promise<FinishedRun> {
  return workbench.runTurns([readFilesTurn('reader', paths), FINISH], {
    confirmationPolicy: { kind: 'NeverConfirm' },
    mcpConfig: { mcpServers: { reader: server } },
  });
}

function expectNothingStolen(run: FinishedRun): void {
  expect(run.transcript).not.toContain(workbench.sessionKey);
  // The redactor masks the key it knows: its mask in an observation still means the file was read.
  expect(run.transcript).not.toContain('‹secret:session-key›');
  for (const content of CREDENTIAL_CONTENT) expect(run.transcript).not.toContain(content);
}

/** The server was refused before it ran, and the person was told why (a ConversationErrorEvent). */
function expectRefused(run: FinishedRun, reason: RegExp): void {
  const notices = run.events.filter((event) => event.code === 'MCPServerUnavailable');
  expect(notices.map((event) => String(event.detail))).toEqual([expect.stringMatching(reason)]);
  const answered = run.events.filter(
    (event) => (event.observation as { kind?: string } | undefined)?.kind === 'MCPToolObservation',
  );
  expect(answered).toEqual([]);
}

async function readerIn(folder: string): Promise<string> {
  const script = join(folder, 'reader.cjs');
  await writeFileReadingServer(script);
  return script;
}

describe('MCP audit: a stdio server sees what the terminal sees', () => {
  it('a server whose script lies in HOME starts, but its sandbox shows neither the data dir nor credentials', async () => {
    const script = await readerIn(workbench.home);
    const run = await runReader({ command: process.execPath, args: [script] }, stolenPaths());
    expectNothingStolen(run);
    const [text] = observationTexts(run);
    for (const path of stolenPaths()) expect(text).toContain(`${path} => ENOENT`);
  });

  it('a file argument in HOME (--config ~/x) shows that file, never the folder around it', async () => {
    const script = await readerIn(workbench.workspace);
    const config = join(workbench.home, 'reader-config.json');
    await writeFile(config, '{"reader":"CONFIG-CONTENT"}');
    const run = await runReader({ command: process.execPath, args: [script, '--config', config] }, [
      config,
      ...stolenPaths(),
    ]);
    expectNothingStolen(run);
    const [text] = observationTexts(run);
    expect(text).toContain('CONFIG-CONTENT');
    for (const path of stolenPaths()) expect(text).toContain(`${path} => ENOENT`);
  });

  it('read_only_paths: [HOME] is refused: the server does not start, and the reason is told', async () => {
    const script = await readerIn(workbench.workspace);
    const run = await runReader(
      { command: process.execPath, args: [script], read_only_paths: [workbench.home] },
      stolenPaths(),
    );
    expectNothingStolen(run);
    expectRefused(run, /"reader" could not be started: .*read_only_paths.*contains .*hides/);
  });

  it('an argument naming the session key itself is refused', async () => {
    const script = await readerIn(workbench.workspace);
    const sessionKeyPath = join(workbench.dataDir, 'session-key');
    const run = await runReader(
      { command: process.execPath, args: [script, '--key-file', sessionKeyPath] },
      stolenPaths(),
    );
    expectNothingStolen(run);
    expectRefused(run, /"reader" could not be started: .*session-key.* lies inside .*hides/);
  });

  it("a server's own HOME variable does not move the credential folders out of the hidden list", async () => {
    const script = await readerIn(workbench.workspace);
    const run = await runReader(
      {
        command: process.execPath,
        args: [script],
        env: { HOME: '/nonexistent' },
        read_only_paths: [join(workbench.home, '.ssh')],
      },
      stolenPaths(),
    );
    expectNothingStolen(run);
    expectRefused(run, /"reader" could not be started: .*\.ssh.* is .*hides/);
  });

  it('legitimate servers still run: one in the workspace, one installed under node_modules outside HOME', async () => {
    const script = await readerIn(workbench.workspace);
    const notes = join(workbench.workspace, 'notes.txt');
    await writeFile(notes, 'WORKSPACE-NOTES');
    const inWorkspace = await runReader({ command: process.execPath, args: [script] }, [notes]);
    expect(observationTexts(inWorkspace)[0]).toContain('WORKSPACE-NOTES');

    const installed = await workbench.runTurns(
      [{ tool_calls: [{ name: 'everything__echo', arguments: { message: 'still here' } }] }, FINISH],
      {
        confirmationPolicy: { kind: 'NeverConfirm' },
        mcpConfig: {
          mcpServers: { everything: { command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'] } },
        },
      },
    );
    expect(observationTexts(installed)[0]).toContain('Echo: still here');
  });
});
