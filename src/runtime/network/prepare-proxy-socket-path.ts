import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** sun_path is 108 bytes on Linux including the terminating NUL. */
const MAX_SOCKET_PATH_BYTES = 107;
const SOCKET_NAME = 'proxy.sock';

export interface ProxySocketLocation {
  /** 0700 directory to ro-bind into the sandbox; holds nothing but the socket. */
  directory: string;
  socketPath: string;
  /** True for the os.tmpdir() fallback: the caller removes `directory` when the conversation ends. */
  temporary: boolean;
}

/**
 * Where one conversation's proxy socket lives: `<dataDir>/net/<conversation-hex>/proxy.sock`, or, when
 * that path would not fit in a Unix socket address, a fresh `mkdtemp` directory under os.tmpdir()
 * (unpredictable name, so no one can plant it first). Creates the directory with mode 0700 and
 * refuses one that is a symlink. May throw on file-system errors. Synchronous: it runs when a
 * conversation's tools are made, which is synchronous, and the sandbox binds the directory at once.
 */
export function prepareProxySocketPath(dataDir: string, conversationId: string): ProxySocketLocation {
  // Hashed, not the raw id: the id's characters and length must never shape a path or break the limit.
  const conversationHex = createHash('sha256').update(conversationId).digest('hex').slice(0, 16);
  const directory = join(dataDir, 'net', conversationHex);
  const socketPath = join(directory, SOCKET_NAME);
  if (Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH_BYTES) {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    if (lstatSync(directory).isSymbolicLink()) throw new Error(`${directory} is a symlink`);
    chmodSync(directory, 0o700); // mkdir's mode is masked by the umask and ignored for an existing dir
    return { directory, socketPath, temporary: false };
  }
  const fallback = mkdtempSync(join(tmpdir(), 'awb-net-'));
  const fallbackSocketPath = join(fallback, SOCKET_NAME);
  if (Buffer.byteLength(fallbackSocketPath) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(`no socket path fits in ${MAX_SOCKET_PATH_BYTES} bytes (TMPDIR is too long)`);
  }
  return { directory: fallback, socketPath: fallbackSocketPath, temporary: true };
}
