import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type SessionKeyResult = { ok: true; sessionKey: string } | { ok: false; message: string };

export const SESSION_KEY_FILE = 'session-key';

/**
 * The key the browser must send to the runtime. The environment wins; otherwise the key is read from
 * <data-dir>/session-key, created once (256 random bits as hex, mode 0600) so that open tabs keep
 * working across restarts.
 */
export async function loadSessionKey(dataDir: string, env: NodeJS.ProcessEnv): Promise<SessionKeyResult> {
  const fromEnv = env.AGENT_WORKBENCH_SESSION_KEY?.trim();
  if (fromEnv) return { ok: true, sessionKey: fromEnv };

  const path = join(dataDir, SESSION_KEY_FILE);
  try {
    const existing = await readExisting(path);
    if (existing) {
      // An older copy might have been written with looser permissions by hand.
      await chmod(path, 0o600);
      return { ok: true, sessionKey: existing };
    }
    const sessionKey = randomBytes(32).toString('hex');
    // 'w' after an empty file, 'wx' otherwise, so that two launchers starting at once agree on one key.
    await writeFile(path, `${sessionKey}\n`, { mode: 0o600, flag: existing === '' ? 'w' : 'wx' });
    return { ok: true, sessionKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadSessionKey(dataDir, env);
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return {
      ok: false,
      message: `session key file ${path} cannot be read or written (${code}); fix its permissions`,
    };
  }
}

/** The trimmed content, '' for an empty file, undefined when there is no file. */
async function readExisting(path: string): Promise<string | undefined> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
