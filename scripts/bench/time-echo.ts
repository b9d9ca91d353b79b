import { performance } from 'node:perf_hooks';
import type { TerminalSession } from '../../src/runtime/tools/terminal/terminal-session';

/** Milliseconds of one `echo hi` in the session's shell; throws when it does not complete. */
export async function timeEcho(session: TerminalSession): Promise<number> {
  const started = performance.now();
  const result = await session.run(
    { kind: 'command', command: 'echo hi' },
    { noOutputTimeoutMs: 30_000, signal: new AbortController().signal },
  );
  if (result.ending !== 'completed')
    throw new Error(`echo hi ended ${result.ending}: ${result.notices.join(' ')}`);
  return performance.now() - started;
}
