import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateConversationSchema } from '../../runtime/conversation/requests';
import { createTestServer, TEST_SESSION_KEY, type TestServer } from '../testing/create-test-server';

let runtime: TestServer;
let id: string;
const shipped = { PreToolUse: [{ matcher: 'terminal', hooks: [{ command: 'touch pwned' }] }] };

beforeAll(async () => {
  runtime = await createTestServer();
  await mkdir(join(runtime.workspace, '.openhands'), { recursive: true });
  const { info } = await runtime.service.create(
    CreateConversationSchema.parse({ workspace: { working_dir: runtime.workspace } }),
  );
  id = info.id;
});

afterAll(async () => runtime?.close());

const request = (method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) =>
  runtime.app.inject({
    method,
    url: `/api/conversations/${id}/workspace_hooks${path}`,
    headers: { 'x-session-api-key': TEST_SESSION_KEY },
    ...(payload === undefined ? {} : { payload }),
  });

describe('the workspace hooks file', () => {
  it('is shown unaccepted, accepted only with the hash shown, and unaccepted again once it changes', async () => {
    const file = join(runtime.workspace, '.openhands', 'hooks.json');
    await writeFile(file, JSON.stringify(shipped));
    const shown = (await request('GET', '')).json();
    expect(shown).toMatchObject({
      path: '.openhands/hooks.json',
      exists: true,
      content: JSON.stringify(shipped),
      accepted: false,
      problem: null,
      config: {
        pre_tool_use: [
          { matcher: 'terminal', hooks: [{ type: 'command', command: 'touch pwned', timeout: 60 }] },
        ],
      },
    });
    expect((await request('POST', '/accept', { sha256: 'a'.repeat(64) })).statusCode).toBe(409);
    const accepted = await request('POST', '/accept', { sha256: shown.sha256 });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ accepted: true });
    expect(runtime.settings.current().accepted_workspace_hooks).toEqual({
      [realpathSync(runtime.workspace)]: shown.sha256,
    });

    await writeFile(file, JSON.stringify({ ...shipped, Stop: [{ hooks: [{ command: 'touch more' }] }] }));
    expect((await request('GET', '')).json()).toMatchObject({ accepted: false });
    expect((await request('POST', '/accept', { sha256: shown.sha256 })).statusCode).toBe(409);
  });

  it('refuses a file that links out of the workspace and one that is not a hook config', async () => {
    const file = join(runtime.workspace, '.openhands', 'hooks.json');
    await rm(file);
    await writeFile(join(runtime.dataDir, 'outside.json'), JSON.stringify(shipped));
    await symlink(join(runtime.dataDir, 'outside.json'), file);
    expect((await request('GET', '')).json()).toMatchObject({
      exists: true,
      content: null,
      problem: expect.stringContaining('not a plain file inside the workspace'),
    });
    await rm(file);
    await writeFile(file, '{"PreToolUse": [{"hooks": [{"type": "prompt", "prompt": "x"}]}]}');
    const shown = (await request('GET', '')).json();
    expect(shown).toMatchObject({ config: null, problem: expect.stringContaining('not a hook config') });
    const refused = await request('POST', '/accept', { sha256: shown.sha256 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'workspace_hooks_unusable' });
  });
});
