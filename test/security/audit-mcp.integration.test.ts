import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
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

/** The same with the servers of the settings only. */
function runReaderTurns(paths: readonly string[]): Promise<FinishedRun> {
  return workbench.runTurns([readFilesTurn('reader', paths), FINISH], {
    confirmationPolicy: { kind: 'NeverConfirm' },
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

  it('read_only_paths: [HOME] is refused with a 422 when a conversation is created or the settings are saved', async () => {
    const script = await readerIn(workbench.workspace);
    const server = { command: process.execPath, args: [script], read_only_paths: [workbench.home] };
    const created = await workbench.api.request('POST', '/api/conversations', {
      workspace: { working_dir: workbench.workspace },
      mcp_config: { mcpServers: { reader: server } },
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Audit task' }], run: true },
    });
    expect(created.status).toBe(422);
    expect(created.json()).toMatchObject({
      code: 'mcp_path_refused',
      detail: expect.stringMatching(
        /"reader": read_only_paths entry ".*\/home" contains ".*\.agent-workbench", which the sandbox hides/,
      ),
    });
    // The Agent Canvas's way (agent_settings.mcp_config) is checked the same, not left to the start.
    const canvas = await workbench.api.request('POST', '/api/conversations', {
      workspace: { working_dir: workbench.workspace },
      agent_settings: { mcp_config: { mcpServers: { reader: server } } },
    });
    expect(canvas.status).toBe(422);
    expect(canvas.json()).toMatchObject({ code: 'mcp_path_refused' });
    const saved = await workbench.api.request('PATCH', '/api/settings', { mcp_servers: { reader: server } });
    expect(saved.status).toBe(422);
    expect(saved.json()).toMatchObject({ code: 'mcp_path_refused' });
    expect((await workbench.api.json('GET', '/api/settings')).mcp_servers).toEqual({});
  });

  it("a server's own HOME variable does not move the credential folders out of the hidden list", async () => {
    const script = await readerIn(workbench.workspace);
    const server = {
      command: process.execPath,
      args: [script],
      env: { HOME: '/nonexistent' },
      read_only_paths: [join(workbench.home, '.ssh')],
    };
    const created = await workbench.api.request('POST', '/api/conversations', {
      workspace: { working_dir: workbench.workspace },
      mcp_config: { mcpServers: { reader: server } },
    });
    expect(created.status).toBe(422);
    expect(created.text).toMatch(/\.ssh\\?" is .*which the sandbox hides/);
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
  it('a saved server whose read_only_paths a later deny path covers does not start, and the reason is told', async () => {
    const script = await readerIn(workbench.workspace);
    const shared = join(workbench.home, 'shared');
    await mkdir(shared, { recursive: true });
    await writeFile(join(shared, 'token.txt'), 'PRIVATE-SSH-KEY-MATERIAL');
    const server = { command: process.execPath, args: [script], read_only_paths: [shared] };
    await workbench.api.json('PATCH', '/api/settings', { mcp_servers: { reader: server } });
    try {
      await workbench.api.json('PATCH', '/api/settings', { sandbox: { deny_paths: ['~/shared/token.txt'] } });
      const run = await runReaderTurns([join(shared, 'token.txt'), ...stolenPaths()]);
      expectNothingStolen(run);
      expectRefused(
        run,
        /"reader" could not be started: read_only_paths entry ".*shared" contains ".*token\.txt"/,
      );
    } finally {
      await workbench.api.json('PATCH', '/api/settings', { mcp_servers: {}, sandbox: { deny_paths: [] } });
    }
  });
});
