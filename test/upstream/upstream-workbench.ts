import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MockLLM, startMockLLM } from '../../scripts/mock-llm/mock-llm-server';
import { freePort } from '../../src/cli/testing/free-port';
import { type LauncherProcess, spawnLauncher } from '../../src/cli/testing/spawn-launcher';
import { isolatedEnv, READY_LINE } from '../../src/cli/testing/start-test-workbench';
import type { ScriptTurn } from '../../src/runtime/llm/llm-script';

/** The key an upstream client puts in `agent.llm.api_key`: it must reach the model and nothing else. */
export const UPSTREAM_LLM_KEY = 'sk-upstream-0123456789abcdefghijklmnop';

/**
 * The real launcher as an upstream client meets it: free ports, a temp data dir and workspace, no
 * model configured (the client brings its own in `agent.llm`), and the mock model to answer.
 */
export interface UpstreamWorkbench {
  /** The ingress origin, http://127.0.0.1:PORT: what the client gets as `host`. */
  host: string;
  dataDir: string;
  workspace: string;
  /** What the client gets as `apiKey`. */
  sessionKey: string;
  mockLlm: MockLLM;
  launcher: LauncherProcess;
  /** Replaces the mock model's script; once it runs out the model answers `fallback` (default "Done."). */
  script(turns: ScriptTurn[], fallback?: ScriptTurn): void;
  close(): Promise<void>;
}

export async function startUpstreamWorkbench(): Promise<UpstreamWorkbench> {
  const root = await mkdtemp(join(tmpdir(), 'upstream-'));
  const dataDir = join(root, 'data');
  const workspace = join(root, 'workspace');
  await mkdir(workspace, { recursive: true });
  const mockLlm = await startMockLLM();
  const port = await freePort();
  const runtimePort = await freePort();
  const args = ['--no-open', '--port', String(port), '--runtime-port', String(runtimePort)];
  args.push('--automation-port', String(await freePort()));
  args.push('--data-dir', dataDir, '--workspace', workspace);
  const launcher = spawnLauncher(args, { env: isolatedEnv(), cwd: workspace });
  const close = async () => {
    launcher.child.kill('SIGTERM');
    await launcher.exited;
    await mockLlm.close();
    await rm(root, { recursive: true, force: true });
  };
  try {
    const ready = await launcher.waitForStdout(READY_LINE, 45_000);
    const host = new URL(ready[1] ?? '').origin;
    const sessionKey = (await readFile(join(dataDir, 'session-key'), 'utf8')).trim();
    return {
      host,
      dataDir,
      workspace,
      sessionKey,
      mockLlm,
      launcher,
      script: (turns, fallback = { text: 'Done.' }) => mockLlm.setScript({ turns, fallback }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Resolves with `check()`'s first truthy answer, polling every 50 ms; rejects after `timeoutMs` with
 * `what` and the last answer. Synchronises on observable state, never on elapsed time.
 */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 15_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await check();
      if (last) return last as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const detail = lastError ? ` (last error: ${String(lastError)})` : ` (last: ${JSON.stringify(last)})`;
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail}`);
}

export function terminalCall(command: string, risk = 'LOW'): ScriptTurn {
  return {
    tool_calls: [{ name: 'terminal', arguments: { command, summary: 'step', security_risk: risk } }],
  };
}

export function finishCall(message: string): ScriptTurn {
  return { tool_calls: [{ name: 'finish', arguments: { message } }] };
}

/** The text of an observation event's content, whatever the observation kind. */
export function observationText(event: Record<string, unknown>): string {
  const observation = event.observation as { content?: Array<{ text?: string }> } | undefined;
  return (observation?.content ?? []).map((part) => part.text ?? '').join('');
}
