import type { SkippedFile } from './checkpoint-store';
import { runConfined } from '../sandbox/run-confined';
import { SAFE_ENV } from '../workspace/run-git';
import type { WorkspaceConfinement } from '../sandbox/workspace-confinement';
import { WorkspaceError } from '../sandbox/workspace-error';

/** Where the shadow repository appears inside the sandbox (outside every masked folder). */
const SHADOW_IN_SANDBOX = '/run/awb-checkpoint-shadow';
const OUTPUT_BYTES = 64 * 1024 * 1024;

/** Settings and variables for every git call: nothing but our own config, no prompts, no helpers. */
const GIT_ENV: Readonly<Record<string, string>> = {
  ...SAFE_ENV,
  GIT_AUTHOR_NAME: 'Agent Workbench',
  GIT_AUTHOR_EMAIL: 'checkpoints@agent-workbench.invalid',
  GIT_COMMITTER_NAME: 'Agent Workbench',
  GIT_COMMITTER_EMAIL: 'checkpoints@agent-workbench.invalid',
  LC_ALL: 'C',
};

export interface ShadowScriptRun {
  confinement: WorkspaceConfinement;
  shadowDir: string;
  /** The folder bound as the work tree (real path). */
  workTree: string;
  /** Binds the work tree writable (restore, materialize). */
  writeWorkTree: boolean;
  script: string;
  env: Readonly<Record<string, string>>;
  timeoutMs: number;
}

export interface ShadowScriptResult {
  exitCode: number;
  /** The files the scan left out (`S` records). */
  skipped: SkippedFile[];
  /** The scanned tree (`T`). */
  tree?: string;
  /** The snapshot's commit (`C`). */
  commit?: string;
  /** Everything after the `R` record. */
  rest: string;
}

/**
 * Runs one checkpoint script with bash in the workspace sandbox: the work tree bound (read-only
 * unless writeWorkTree), the shadow repository bound writable at a fixed path, no network. Throws
 * WorkspaceError `sandbox_missing` like runConfined, and `git_failed` when the script fails
 * (exit 70) or is killed; other exit codes are the caller's to read.
 */
export async function runShadowScript(run: ShadowScriptRun): Promise<ShadowScriptResult> {
  const sandboxed = run.confinement.sandbox.kind === 'sandboxed';
  const shadow = sandboxed ? SHADOW_IN_SANDBOX : run.shadowDir;
  const result = await runConfined(run.confinement, {
    argv: ['bash', '--norc', '--noprofile', '-c', run.script],
    workspaceDir: run.workTree,
    cwd: run.workTree,
    readOnly: !run.writeWorkTree,
    timeoutMs: run.timeoutMs,
    maxOutputBytes: OUTPUT_BYTES,
    env: { ...GIT_ENV, ...run.env, SHADOW: shadow, WS: run.workTree },
    extraBinds: sandboxed ? [{ host: run.shadowDir, sandbox: SHADOW_IN_SANDBOX, writable: true }] : [],
  });
  if (result.timedOut || result.exitCode === 70 || result.exitCode < 0) {
    const reason = result.timedOut ? 'timed out' : result.stderr.trim().split('\n').slice(-3).join(' ');
    throw new WorkspaceError('git_failed', `Checkpoint operation failed: ${reason}`);
  }
  if (result.droppedStdoutBytes > 0) {
    throw new WorkspaceError('git_failed', 'Checkpoint operation failed: its output was too large');
  }
  return { exitCode: result.exitCode, ...splitRecords(result.stdout) };
}

function splitRecords(stdout: string): Omit<ShadowScriptResult, 'exitCode'> {
  const parsed: Omit<ShadowScriptResult, 'exitCode'> = { skipped: [], rest: '' };
  let offset = 0;
  const next = (): string => {
    const end = stdout.indexOf('\0', offset);
    if (end < 0) {
      offset = stdout.length;
      return '';
    }
    const field = stdout.slice(offset, end);
    offset = end + 1;
    return field;
  };
  while (offset < stdout.length) {
    const tag = next();
    if (tag === 'R') {
      parsed.rest = stdout.slice(offset);
      break;
    }
    if (tag === 'T') parsed.tree = next();
    else if (tag === 'C') parsed.commit = next();
    else if (tag === 'S') {
      const reason = next() as SkippedFile['reason'];
      const size = Number(next());
      parsed.skipped.push({ path: next(), reason, ...(size > 0 ? { size } : {}) });
    } else break;
  }
  return parsed;
}
