import { join } from 'node:path';
import { BashClient, ToolClient } from '@openhands/typescript-client/clients';
import { RemoteWorkspace } from '@openhands/typescript-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorkspaceTestServer,
  type WorkspaceTestServer,
} from '../../testing/create-workspace-test-server';
import { requireExecutable } from '../../../runtime/sandbox/testing/require-executable';

const SESSION_KEY = 'upstream-client-session-key-0123456789ab';

let server: WorkspaceTestServer;
let workspace: string;
let host: string;

beforeAll(async () => {
  server = await createWorkspaceTestServer({ prefix: 'awb-upstream-workspace-', sessionKey: SESSION_KEY });
  workspace = server.workspace;
  host = `http://${await server.listen()}`;
});

afterAll(() => server.close());

describe('the official client, unmodified, against the workspace API', () => {
  beforeAll(() => {
    requireExecutable('bwrap', 'bubblewrap');
  });
  it('BashClient: execute, start, search, get, batch get, clear', async () => {
    const bash = new BashClient({ host, apiKey: SESSION_KEY });
    const output = await bash.executeCommand('echo hello; exit 2', workspace, 10);
    expect(output).toMatchObject({ kind: 'BashOutput', exit_code: 2, stdout: 'hello\n' });
    const command = await bash.startCommand({ command: 'echo started' });
    expect(command).toMatchObject({ kind: 'BashCommand', command: 'echo started' });
    expect(await bash.getEvent(command.id)).toEqual(command);
    const page = await bash.searchEvents({ kind__eq: 'BashCommand' });
    expect(page.items.length).toBe(2);
    expect(await bash.batchGetEvents([command.id, '0'.repeat(32)])).toEqual([command, null]);
    expect(await bash.getEvents([command.id, '1'.repeat(32)])).toEqual([command, null]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await bash.clearEvents()).cleared_count).toBeGreaterThanOrEqual(3);
    bash.close();
  });

  it('RemoteWorkspace: executeCommand, gitChanges, gitDiff', async () => {
    const remote = new RemoteWorkspace({ host, apiKey: SESSION_KEY, workingDir: workspace });
    const result = await remote.executeCommand(
      'git init -q -b main && echo hi > a.txt && echo done',
      workspace,
      20,
    );
    expect(result).toMatchObject({ exit_code: 0, stdout: 'done\n' });
    expect(await remote.gitChanges(workspace)).toEqual([{ status: 'ADDED', path: 'a.txt' }]);
    expect(await remote.gitDiff(join(workspace, 'a.txt'))).toEqual({ modified: 'hi', original: '' });
    remote.close();
  });

  it('ToolClient.listTools', async () => {
    const tools = new ToolClient({ host, apiKey: SESSION_KEY });
    expect(await tools.listTools()).toContain('terminal');
    tools.close();
  });
});
