import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';

/** What a runtime said when asked who serves a conversation. */
export type OwnerAnswer =
  | { kind: 'owner'; url: string | null }
  | { kind: 'not_found' }
  | { kind: 'down' }
  | { kind: 'other' };

export interface RuntimeRouterOptions {
  /** The runtimes' base URLs (http://127.0.0.1:18000, …), in the launcher's order. */
  runtimes: readonly string[];
  /** Asks `runtime` which runtime serves conversation `id` (it takes the lease when nobody holds it). */
  askOwner(runtime: string, id: string): Promise<OwnerAnswer>;
  now?: () => number;
}

export interface RuntimeRouter {
  /** The runtime a request goes to: a conversation's owner, a new conversation's turn, else the first up. */
  target(method: string, path: string): Promise<string>;
  /** The runtime did not answer: its conversations are looked up again, and it is skipped for a while. */
  runtimeDown(runtime: string): void;
  /** The runtime said the conversation is served elsewhere now (421): look it up again next time. */
  forgetConversation(id: string): void;
  /** The conversation a path names, if any. */
  conversationOf(path: string): string | undefined;
}

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const CONVERSATION_PATHS = [
  new RegExp(`^/api/conversations/(${UUID})(?:[/?]|$)`),
  new RegExp(`^/sockets/(?:session|events|terminal)/(${UUID})(?:[/?]|$)`),
  new RegExp(`^/api/file/download-trajectory/(${UUID})(?:[/?]|$)`),
];
/** How long a runtime that did not answer is passed over for requests that may go anywhere. */
const DOWN_FOR_MS = 2_000;

/**
 * Routing for several runtimes on one database. A conversation's REST calls and sockets go to the
 * runtime holding its lease, learnt by asking once and remembered (affinity); whom the router asks
 * first is decided by rendezvous hashing, so unowned conversations spread evenly and the same one is
 * always offered to the same runtime. New conversations go round the runtimes in turn; everything
 * else (lists, search, settings, the workspace's terminal) goes to the first runtime that is up, so
 * the workspace terminal's in-memory events stay in one place.
 */
export function createRuntimeRouter(options: RuntimeRouterOptions): RuntimeRouter {
  const now = options.now ?? Date.now;
  const owners = new Map<string, string>();
  const downUntil = new Map<string, number>();
  let turn = 0;
  const known = new Set(options.runtimes);
  const up = () => options.runtimes.filter((runtime) => (downUntil.get(runtime) ?? 0) <= now());
  const firstUp = () => up()[0] ?? (options.runtimes[0] as string);

  const conversationOf = (path: string): string | undefined => {
    for (const pattern of CONVERSATION_PATHS) {
      const match = pattern.exec(path);
      if (match) return match[1]?.toLowerCase();
    }
    return undefined;
  };

  async function ownerOf(id: string): Promise<string> {
    const cached = owners.get(id);
    if (cached) return cached;
    for (const runtime of rendezvousOrder(id, up().length > 0 ? up() : options.runtimes)) {
      const answer = await options.askOwner(runtime, id);
      if (answer.kind === 'down') {
        downUntil.set(runtime, now() + DOWN_FOR_MS);
        continue;
      }
      if (answer.kind !== 'owner') return runtime; // it answers the 404 (or whatever it is) itself
      // Only a runtime of this launcher: a URL read from the database is never proxied to blindly.
      const owner = answer.url !== null && known.has(answer.url) ? answer.url : runtime;
      owners.set(id, owner);
      return owner;
    }
    return firstUp();
  }

  return {
    conversationOf,
    async target(method, path) {
      if (options.runtimes.length === 1) return options.runtimes[0] as string;
      const id = conversationOf(path);
      if (id) return ownerOf(id);
      if (method === 'POST' && /^\/api\/conversations\/?(?:\?|$)/.test(path)) {
        const candidates = up().length > 0 ? up() : [...options.runtimes];
        turn = (turn + 1) % candidates.length;
        return candidates[turn] as string;
      }
      return firstUp();
    },
    runtimeDown(runtime) {
      downUntil.set(runtime, now() + DOWN_FOR_MS);
      for (const [id, owner] of owners) if (owner === runtime) owners.delete(id);
    },
    forgetConversation(id) {
      owners.delete(id);
    },
  };
}

/** Runtimes ordered by the highest hash of (conversation, runtime): stable, and even across runtimes. */
export function rendezvousOrder(id: string, runtimes: readonly string[]): string[] {
  const score = (runtime: string) =>
    createHash('sha256').update(`${id}\n${runtime}`).digest().readUInt32BE(0);
  return [...runtimes]
    .map((runtime) => ({ runtime, score: score(runtime) }))
    .sort((a, b) => b.score - a.score)
    .map((entry) => entry.runtime);
}

/** The real question, over loopback HTTP with the session key; a runtime that does not answer is down. */
export function askOwnerOverHttp(sessionKey: string, timeoutMs = 5_000) {
  return (runtime: string, id: string): Promise<OwnerAnswer> =>
    new Promise((resolve) => {
      const url = new URL(`/api/internal/conversations/${id}/owner`, runtime);
      const outgoing = httpRequest(
        url,
        {
          method: 'POST',
          headers: { 'x-session-api-key': sessionKey, 'content-length': '0' },
          timeout: timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', () => resolve({ kind: 'down' }));
          response.on('end', () => {
            if (response.statusCode === 404) return resolve({ kind: 'not_found' });
            if (response.statusCode !== 200) return resolve({ kind: 'other' });
            try {
              const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { owner_url?: unknown };
              resolve({ kind: 'owner', url: typeof body.owner_url === 'string' ? body.owner_url : null });
            } catch {
              resolve({ kind: 'other' });
            }
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
      outgoing.on('error', () => resolve({ kind: 'down' }));
      outgoing.end();
    });
}
