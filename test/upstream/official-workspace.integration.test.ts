import './client-environment';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BashWebSocketClient, HttpError, RemoteWorkspace } from '@openhands/typescript-client';
import {
  BashClient,
  FileClient,
  ServerClient,
  ToolClient,
  WorkspacesClient,
} from '@openhands/typescript-client/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamWorkbench, type UpstreamWorkbench, waitFor } from './upstream-workbench';

// The official client's workspace API (commands, files, git) and probes, unmodified, through the real
// launcher. Commands run in the agent's sandbox: what the agent cannot reach, neither can they.

let bench: UpstreamWorkbench;
let workspace: RemoteWorkspace;

beforeAll(async () => {
  bench = await startUpstreamWorkbench();
  workspace = new RemoteWorkspace({
    host: bench.host,
    apiKey: bench.sessionKey,
    workingDir: bench.workspace,
  });
}, 60_000);
afterAll(async () => {
  workspace?.close();
  await bench?.close();
});

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** The HTTP status behind a client error, also when the client wrapped it (gitChanges/gitDiff). */
function statusOf(error: Error): number | undefined {
  if (error instanceof HttpError) return error.status;
  return error.cause instanceof HttpError ? error.cause.status : undefined;
}

describe('official client: workspace API', () => {
  it('RemoteWorkspace.executeCommand runs in the workspace, confined (no data dir, no session key)', async () => {
    const result = await workspace.executeCommand('echo hello-from-bash && pwd', bench.workspace);
    expect(result.exit_code).toBe(0);
    expect(result.stdout).toContain('hello-from-bash');
    expect(result.stdout).toContain(bench.workspace);

    const failing = await workspace.executeCommand('exit 3', bench.workspace);
    expect(failing.exit_code).toBe(3);

    const probe = await workspace.executeCommand(
      `cat ${join(bench.dataDir, 'session-key')}; echo "cat-exit=$?"; ls ${bench.dataDir}; echo "ls-exit=$?"`,
      bench.workspace,
    );
    const seen = `${probe.stdout}${probe.stderr}`;
    expect(seen).not.toContain(bench.sessionKey);
    expect(seen).toMatch(/cat-exit=[1-9]/);
    expect(seen).toMatch(/ls-exit=[1-9]/);
  });

  it('fileUpload/uploadText/uploadFileObject and FileClient uploads write into the workspace; fileDownload/downloadAsText/downloadAsBlob and FileClient downloads read it back; the data dir is refused', async () => {
    const target = join(bench.workspace, 'uploads', 'note.txt');
    const uploaded = await workspace.uploadText('uploaded through the client\n', target);
    expect(uploaded.success).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('uploaded through the client\n');

    const blobTarget = join(bench.workspace, 'uploads', 'data.bin');
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252]);
    const blobUpload = await workspace.fileUpload(new Blob([bytes]), blobTarget, 'data.bin');
    expect(blobUpload.success).toBe(true);
    expect([...readFileSync(blobTarget)]).toEqual([...bytes]);

    writeFileSync(join(bench.workspace, 'on-disk.txt'), 'written on disk\n');
    const downloaded = await workspace.fileDownload(join(bench.workspace, 'on-disk.txt'));
    expect(downloaded.success).toBe(true);
    expect(await workspace.downloadAsText(join(bench.workspace, 'on-disk.txt'))).toBe('written on disk\n');

    const fileTarget = join(bench.workspace, 'uploads', 'object.txt');
    await workspace.uploadFileObject(new File(['a File object\n'], 'object.txt'), fileTarget);
    expect(readFileSync(fileTarget, 'utf8')).toBe('a File object\n');
    expect(await (await workspace.downloadAsBlob(fileTarget)).text()).toBe('a File object\n');

    const files = new FileClient({ host: bench.host, apiKey: bench.sessionKey });
    const viaFiles = join(bench.workspace, 'uploads', 'via-file-client.txt');
    await files.uploadTextFile('through FileClient\n', viaFiles);
    expect(readFileSync(viaFiles, 'utf8')).toBe('through FileClient\n');
    await files.uploadFile(new Blob([bytes]), join(bench.workspace, 'uploads', 'blob2.bin'), 'blob2.bin');
    expect([...readFileSync(join(bench.workspace, 'uploads', 'blob2.bin'))]).toEqual([...bytes]);
    expect(await files.downloadTextFile(viaFiles)).toBe('through FileClient\n');
    expect([...new Uint8Array(await files.downloadFile(blobTarget))]).toEqual([...bytes]);

    const stolen = await rejection(workspace.downloadAsText(join(bench.dataDir, 'session-key')));
    expect(statusOf(stolen)).toBeGreaterThanOrEqual(400);
    expect(statusOf(stolen)).toBeLessThan(500);
    expect(String(stolen.message)).not.toContain(bench.sessionKey);
    const planted = await rejection(workspace.uploadText('x', join(bench.dataDir, 'planted.txt')));
    expect(statusOf(planted)).toBeGreaterThanOrEqual(400);
  });

  it('FileClient.getHome and searchSubdirectories list folders for a picker; the data dir is refused', async () => {
    const files = new FileClient({ host: bench.host, apiKey: bench.sessionKey });
    const home = await files.getHome();
    expect(typeof home.home).toBe('string');
    expect(home.locations).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/' })]));

    const picker = join(bench.workspace, 'picker');
    for (const name of ['beta', 'Alpha', 'gamma']) mkdirSync(join(picker, name), { recursive: true });
    writeFileSync(join(picker, 'not-a-folder.txt'), 'x');
    const page = await files.searchSubdirectories(picker);
    expect(page.items.map((entry) => entry.name)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(page.items[0]?.path).toBe(join(picker, 'Alpha'));
    expect(page.next_page_id).toBeNull();

    const refused = await rejection(files.searchSubdirectories(bench.dataDir));
    expect(statusOf(refused)).toBeGreaterThanOrEqual(400);
    expect(statusOf(refused)).toBeLessThan(500);
  });

  it('gitChanges/gitDiff report a temp repository’s changes', async () => {
    const repo = join(bench.workspace, 'repo');
    mkdirSync(repo, { recursive: true });
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', repo, '-c', 'user.email=t@example.com', '-c', 'user.name=T', ...args]);
    git('init', '-q');
    writeFileSync(join(repo, 'kept.txt'), 'one\n');
    writeFileSync(join(repo, 'gone.txt'), 'bye\n');
    git('add', '.');
    git('commit', '-q', '-m', 'initial');
    writeFileSync(join(repo, 'kept.txt'), 'one\ntwo\n');
    writeFileSync(join(repo, 'new.txt'), 'fresh\n');
    execFileSync('rm', [join(repo, 'gone.txt')]);

    const changes = await workspace.gitChanges(repo);
    const byPath = Object.fromEntries(
      changes.map((change) => [String(change.path).split('/').pop(), change.status]),
    );
    // Upstream's GitChangeStatus values (the client's hand-written type says lower case; the server
    // schema it was generated from, and upstream servers, answer these).
    expect(byPath).toMatchObject({ 'kept.txt': 'UPDATED', 'new.txt': 'ADDED', 'gone.txt': 'DELETED' });

    const diff = await workspace.gitDiff(join(repo, 'kept.txt'));
    // Upstream answers the contents as lines joined by "\n", without the final newline.
    expect(diff.original).toBe('one');
    expect(diff.modified).toBe('one\ntwo');

    const outside = await rejection(workspace.gitChanges(bench.dataDir));
    expect(statusOf(outside)).toBeGreaterThanOrEqual(400);
  });

  it('BashClient: startCommand/executeCommand/searchEvents/getEvent/getEvents/batchGetEvents/clearEvents, with BashWebSocketClient events', async () => {
    const bash = new BashClient({ host: bench.host, apiKey: bench.sessionKey });
    const live: Array<Record<string, unknown>> = [];
    const socket = new BashWebSocketClient({
      host: bench.host,
      apiKey: bench.sessionKey,
      callback: (event) => live.push(event as Record<string, unknown>),
    });
    socket.start();
    try {
      const output = await bash.executeCommand('echo executed-out', bench.workspace);
      expect(output).toMatchObject({ exit_code: 0 });
      expect(String(output.stdout)).toContain('executed-out');

      const command = await bash.startCommand({ command: 'echo started-out', cwd: bench.workspace });
      expect(command).toMatchObject({ command: 'echo started-out' });
      const finished = await waitFor('the started command’s exit', async () => {
        const page = await bash.searchEvents({ kind__eq: 'BashOutput', command_id__eq: command.id });
        return page.items.find((event) => typeof event.exit_code === 'number');
      });
      expect(String(finished.stdout ?? '')).toContain('started-out');

      expect(await bash.getEvent(command.id)).toMatchObject({ id: command.id, command: 'echo started-out' });
      const [known, unknown] = await bash.getEvents([command.id, 'no-such-event']);
      expect(known).toMatchObject({ id: command.id });
      expect(unknown).toBeNull();
      const batch = await bash.batchGetEvents([command.id, 'no-such-event']);
      expect(batch[0]).toMatchObject({ id: command.id });
      expect(batch[1]).toBeNull();

      // The socket carried the started command's output as it happened.
      await waitFor('the bash socket to carry the output', () =>
        live.some(
          (event) => event.command_id === command.id && String(event.stdout ?? '').includes('started-out'),
        ),
      );

      const cleared = await bash.clearEvents();
      expect(cleared.cleared_count).toBeGreaterThan(0);
      expect((await bash.searchEvents()).items).toHaveLength(0);
    } finally {
      socket.stop();
      bash.close();
    }
  });
});

describe('official client: probes and tools', () => {
  it('WorkspacesClient saves, lists and deletes workspaces and parents (never the data dir); startWorkspaceSession opens the workspace URL; downloadTrajectory gives a zip', async () => {
    const saved = new WorkspacesClient({ host: bench.host, apiKey: bench.sessionKey });
    const project = join(bench.workspace, 'saved-project');
    mkdirSync(project, { recursive: true });
    const entry = { id: project, name: 'saved-project', path: project };
    expect((await saved.addWorkspaces([entry])).workspaces).toEqual([entry]);
    const parent = { id: bench.workspace, name: 'workspace', path: bench.workspace };
    expect((await saved.addWorkspaceParents([parent])).workspaceParents).toEqual([parent]);
    expect(await saved.listWorkspaces()).toEqual({ workspaces: [entry], workspaceParents: [parent] });
    const hostile = await rejection(saved.addWorkspaces([{ id: 'x', name: 'x', path: bench.dataDir }]));
    expect(statusOf(hostile)).toBe(403);
    await saved.deleteWorkspace(project);
    await saved.deleteWorkspaceParent(bench.workspace);
    expect(await saved.listWorkspaces()).toEqual({ workspaces: [], workspaceParents: [] });
    saved.close();

    const created = await fetch(`${bench.host}/api/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-api-key': bench.sessionKey },
      body: JSON.stringify({ workspace: { working_dir: bench.workspace } }),
    });
    const id = ((await created.json()) as { id: string }).id;
    const base = await workspace.startWorkspaceSession(id);
    expect(base).toBe(`${bench.host}/api/conversations/${id}/workspace/`);
    writeFileSync(join(bench.workspace, 'served.txt'), 'served by the workspace route\n');
    const served = await fetch(`${base}served.txt`, { headers: { 'x-session-api-key': bench.sessionKey } });
    expect(await served.text()).toBe('served by the workspace route\n');
    await workspace.deleteWorkspaceSession();

    const files = new FileClient({ host: bench.host, apiKey: bench.sessionKey });
    const zip = new Uint8Array(await (await files.downloadTrajectory(id)).arrayBuffer());
    expect(Buffer.from(zip.subarray(0, 4)).toString('latin1')).toBe('PK\x03\x04');
    files.close();
  });

  it('ServerClient: getAlive, getHealth, getReady, getServerInfo', async () => {
    const server = new ServerClient({ host: bench.host, apiKey: bench.sessionKey });
    expect(await server.getAlive()).toMatchObject({ status: 'ok' });
    expect(await server.getHealth()).toMatchObject({ status: 'ok' });
    expect(await server.getReady()).toMatchObject({ status: 'ready' });
    const info = await server.getServerInfo();
    expect(typeof info.version).toBe('string');
    expect(info.uptime).toBeGreaterThanOrEqual(0);
  });

  it('ToolClient.listTools lists the tools an agent can name', async () => {
    const tools = await new ToolClient({ host: bench.host, apiKey: bench.sessionKey }).listTools();
    expect(tools).toEqual(expect.arrayContaining(['terminal', 'file_editor']));
  });

  it('a wrong API key on the workspace API → 401, uploads included', async () => {
    const stranger = new RemoteWorkspace({ host: bench.host, apiKey: 'wrong', workingDir: bench.workspace });
    expect(statusOf(await rejection(stranger.executeCommand('true')))).toBe(401);
    // An upload answered before its body is read still gets the answer through the ingress, not a
    // 502 or a broken pipe.
    const big = 'x'.repeat(512 * 1024);
    for (let attempt = 0; attempt < 3; attempt++)
      expect(statusOf(await rejection(stranger.uploadText(big, join(bench.workspace, 'never.txt'))))).toBe(
        401,
      );
  });
});
