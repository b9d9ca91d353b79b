import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type MockLLM, startMockLLM } from '../../scripts/mock-llm/mock-llm-server';
import { runtimePidOf } from '../../src/cli/testing/child-pids';
import { freePort } from '../../src/cli/testing/free-port';
import { type LauncherProcess, spawnLauncher } from '../../src/cli/testing/spawn-launcher';
import { isolatedEnv, READY_LINE } from '../../src/cli/testing/start-test-workbench';
import type { LLMScript, ScriptTurn } from '../../src/runtime/llm/llm-script';
import { chownTree, FALLBACK_CONTAINER_USER } from '../../src/runtime/sandbox/docker/container-user';
import { requireDocker } from '../../src/runtime/sandbox/docker/testing/require-docker';
import { requireExecutable } from '../../src/runtime/sandbox/testing/require-executable';

/** The model key the audited workbench is configured with: it must never leave the runtime. */
export const LLM_KEY = 'sk-audit-0123456789abcdefghijklmnopqrstuv';

/**
 * The real launcher as a person starts it: HOME is a temp folder holding the default data dir
 * (`~/.agent-workbench`, no --data-dir) and credential files, the workspace is a project inside HOME,
 * and the model is the mock, configured through LLM_* variables with a real-looking key.
 */
export interface AuditedWorkbench {
  /** http://127.0.0.1:PORT, no token. */
  origin: string;
  port: number;
  runtimePort: number;
  automationPort: number;
  /** The sandbox its conversations run in (`--sandbox`). */
  sandbox: AuditedSandbox;
  home: string;
  dataDir: string;
  workspace: string;
  sessionKey: string;
  mockLlm: MockLLM;
  launcher: LauncherProcess;
  runtimePid(): number | undefined;
  api: ReturnType<typeof apiOf>;
  /** Runs a conversation through the given turns (default policy unless given) until it stops. */
  runTurns(turns: ScriptTurn[], options?: RunOptions): Promise<FinishedRun>;
  close(): Promise<void>;
}

export interface RunOptions {
  workspace?: string;
  confirmationPolicy?: unknown;
  /** Approve every action that waits for confirmation (a person clicking Approve on each). */
  approveAll?: boolean;
  networkAccess?: boolean;
  /** Approve only the first N confirmations, then stop at the next one. */
  approveCount?: number;
  /** The conversation's own MCP servers (`mcp_config`), as the create request takes them. */
  mcpConfig?: unknown;
}

export interface FinishedRun {
  id: string;
  status: string;
  events: Array<Record<string, unknown>>;
  /** Every event's JSON joined: what the transcript, REST and exports are made of. */
  transcript: string;
}

/** The sandboxes the audit replays its attacks on: the launcher's `--sandbox` values. */
export type AuditedSandbox = 'bubblewrap' | 'docker';

/**
 * Fails with what to install or start when `sandbox` cannot run here: bwrap for bubblewrap; a
 * running daemon and the default image for docker. Audits never skip.
 */
export async function requireAuditedSandbox(sandbox: AuditedSandbox): Promise<void> {
  if (sandbox === 'docker') await requireDocker();
  else requireExecutable('bwrap', 'bubblewrap');
}

/**
 * The describe's audited workbench on `sandbox`: checked for (failing with the install hint, never
 * skipping), started before its tests and handed to `started`, closed after them.
 */
export function auditedWorkbenchFor(
  sandbox: AuditedSandbox,
  started: (workbench: AuditedWorkbench) => void,
): void {
  let workbench: AuditedWorkbench | undefined;
  beforeAll(async () => {
    await requireAuditedSandbox(sandbox);
    workbench = await startAuditedWorkbench(sandbox);
    started(workbench);
  }, 120_000);
  afterAll(async () => {
    await workbench?.close();
  });
}

export async function startAuditedWorkbench(
  sandbox: AuditedSandbox = 'bubblewrap',
): Promise<AuditedWorkbench> {
  const root = await mkdtemp(join(tmpdir(), 'audit-'));
  const home = join(root, 'home');
  const workspace = join(home, 'project');
  await mkdir(workspace, { recursive: true });
  await mkdir(join(home, '.ssh'), { recursive: true });
  await writeFile(join(home, '.ssh', 'id_ed25519'), 'PRIVATE-SSH-KEY-MATERIAL\n');
  await mkdir(join(home, '.aws'), { recursive: true });
  await writeFile(join(home, '.aws', 'credentials'), '[default]\naws_secret_access_key = AWS-SECRET\n');
  // On docker, HOME is a person's, as on their laptop: it, the project and the credential files belong
  // to a regular user (the container's uid 1000), so a command in HOME runs as the files' owner and
  // only the sandbox's masks stand between it and them. A root-owned folder a person picked is
  // refused at the first command (container-user.ts), which would test nothing.
  if (sandbox === 'docker') chownTree(home, FALLBACK_CONTAINER_USER.uid, FALLBACK_CONTAINER_USER.gid);
  const mockLlm = await startMockLLM();
  const port = await freePort();
  const runtimePort = await freePort();
  const automationPort = await freePort();
  const env = {
    ...isolatedEnv(),
    HOME: home,
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: mockLlm.url,
    LLM_MODEL: 'mock-model',
    LLM_API_KEY: LLM_KEY,
  };
  const args = ['--no-open', '--port', String(port), '--runtime-port', String(runtimePort)];
  args.push('--automation-port', String(automationPort));
  // bubblewrap is the default where it exists: its audit starts the launcher as a person would, bare.
  if (sandbox === 'docker') args.push('--sandbox', 'docker');
  const launcher = spawnLauncher([...args, '--workspace', workspace], { env, cwd: workspace });
  const close = async () => {
    launcher.child.kill('SIGTERM');
    await launcher.exited;
    await mockLlm.close();
    await rm(root, { recursive: true, force: true });
  };
  try {
    const ready = await launcher.waitForStdout(READY_LINE, 60_000);
    const origin = new URL(ready[1] ?? '').origin;
    const dataDir = join(home, '.agent-workbench');
    const sessionKey = (await readFile(join(dataDir, 'session-key'), 'utf8')).trim();
    const api = apiOf(origin, sessionKey);
    const workbench: AuditedWorkbench = {
      origin,
      port,
      runtimePort,
      automationPort,
      sandbox,
      home,
      dataDir,
      workspace,
      sessionKey,
      mockLlm,
      launcher,
      runtimePid: () => runtimePidOf(launcher.pid),
      api,
      runTurns: (turns, options = {}) => runTurns(api, mockLlm, workspace, turns, options),
      close,
    };
    return workbench;
  } catch (error) {
    await close();
    throw error;
  }
}

export function apiOf(origin: string, sessionKey: string) {
  const request = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { 'X-Session-API-Key': sessionKey, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
  };
  return {
    request,
    async json(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
      const response = await request(method, path, body);
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
      return response.json();
    },
  };
}

async function runTurns(
  api: ReturnType<typeof apiOf>,
  mockLlm: MockLLM,
  workspace: string,
  turns: ScriptTurn[],
  options: RunOptions,
): Promise<FinishedRun> {
  const script: LLMScript = { turns, fallback: { text: 'Done.' } };
  mockLlm.setScript(script);
  const created = await api.json('POST', '/api/conversations', {
    workspace: { working_dir: options.workspace ?? workspace },
    ...(options.confirmationPolicy === undefined ? {} : { confirmation_policy: options.confirmationPolicy }),
    ...(options.networkAccess === undefined ? {} : { network_access: options.networkAccess }),
    ...(options.mcpConfig === undefined ? {} : { mcp_config: options.mcpConfig }),
    initial_message: { role: 'user', content: [{ type: 'text', text: 'Audit task' }], run: true },
  });
  const id = String(created.id);
  const approvals = options.approveAll ? Number.POSITIVE_INFINITY : (options.approveCount ?? 0);
  const status = await waitUntilStopped(api, id, approvals);
  const events = await allEvents(api, id);
  return { id, status, events, transcript: JSON.stringify(events) };
}

const STOPPED = new Set(['finished', 'error', 'stuck', 'paused', 'idle']);

async function waitUntilStopped(
  api: ReturnType<typeof apiOf>,
  id: string,
  approvals: number,
): Promise<string> {
  const deadline = Date.now() + 60_000;
  let approved = 0;
  while (Date.now() < deadline) {
    const info = await api.json('GET', `/api/conversations/${id}`);
    const status = String(info.execution_status);
    if (status === 'waiting_for_confirmation') {
      if (approved >= approvals) return status;
      approved += 1;
      await api.json('POST', `/api/conversations/${id}/events/respond_to_confirmation`, { accept: true });
    } else if (STOPPED.has(status) && Number(info.last_seq) > 2) {
      return status;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`conversation ${id} did not stop within 60 s`);
}

async function allEvents(api: ReturnType<typeof apiOf>, id: string) {
  const events: Array<Record<string, unknown>> = [];
  let pageId: string | null = null;
  do {
    const query: string = pageId === null ? '' : `&page_id=${encodeURIComponent(pageId)}`;
    const page = await api.json('GET', `/api/conversations/${id}/events/search?limit=100${query}`);
    events.push(...(page.items as Array<Record<string, unknown>>));
    pageId = (page.next_page_id as string | null) ?? null;
  } while (pageId !== null);
  return events;
}

/** The text of every terminal or editor observation, in order. */
export function observationTexts(run: FinishedRun): string[] {
  return run.events
    .filter((event) => event.kind === 'ObservationEvent')
    .map((event) => {
      const observation = event.observation as { content?: Array<{ text?: string }> };
      return (observation.content ?? []).map((part) => part.text ?? '').join('');
    });
}

export function terminalTurn(command: string, risk = 'LOW', extra: Record<string, unknown> = {}): ScriptTurn {
  const args = { command, summary: 'audit step', security_risk: risk, ...extra };
  return { tool_calls: [{ name: 'terminal', arguments: args }] };
}

export function editorTurn(args: Record<string, unknown>): ScriptTurn {
  return {
    tool_calls: [
      { name: 'file_editor', arguments: { ...args, summary: 'audit step', security_risk: 'LOW' } },
    ],
  };
}
