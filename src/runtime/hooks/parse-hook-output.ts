import type { HookDecision } from '../events';

/** How a finished hook process ended, before its meaning is read. */
export interface HookProcessResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** The process could not be started at all (e.g. no sandbox): the reason, for people. */
  startError?: string;
  /** Killed because the run was interrupted. */
  interrupted?: boolean;
}

/** What a hook said, read with upstream's rules (see parseHookOutput). */
export interface HookVerdict {
  success: boolean;
  blocked: boolean;
  decision?: HookDecision;
  reason?: string;
  additional_context?: string;
  error?: string;
}

/** A note longer than this is cut before the model reads it. */
export const MAX_HOOK_NOTE_CHARS = 10_000;

/**
 * Upstream's (and Claude Code's) hook contract. Exit 0: success, stdout may be a JSON object with
 * `decision` (`allow`, `deny`; `ask` is ours), `reason`, `additionalContext` and `continue`. Exit 2:
 * blocked, stderr says why. Any other exit code: a failure that blocks nothing (exit 1 does not
 * block). The JSON is read whatever the exit code, as upstream does; output that is not JSON is
 * only output. A hook killed at its timeout or that never started decided nothing. Never throws.
 */
export function parseHookOutput(result: HookProcessResult, timeoutSeconds: number): HookVerdict {
  if (result.startError !== undefined) return { success: false, blocked: false, error: result.startError };
  if (result.interrupted) return { success: false, blocked: false, error: 'Hook was stopped with the run' };
  if (result.timedOut)
    return {
      success: false,
      blocked: false,
      error: `Hook timed out after ${timeoutSeconds} seconds and was killed`,
    };
  const verdict: HookVerdict = { success: result.exitCode === 0, blocked: result.exitCode === 2 };
  if (result.exitCode !== 0 && result.exitCode !== 2)
    verdict.error = `Hook exited with code ${result.exitCode}`;
  const output = readJsonObject(result.stdout);
  if (output === 'garbage') {
    verdict.error = verdict.error ?? 'Hook output looks like JSON but cannot be read; it was ignored';
  } else if (output) {
    applyOutput(verdict, output);
  }
  if (verdict.blocked && verdict.reason === undefined) {
    const stderr = result.stderr.trim();
    if (stderr !== '') verdict.reason = cut(stderr);
  }
  return verdict;
}

function applyOutput(verdict: HookVerdict, output: Record<string, unknown>): void {
  const decision = typeof output.decision === 'string' ? output.decision.toLowerCase() : undefined;
  if (decision === 'allow' || decision === 'ask') verdict.decision = decision;
  if (decision === 'deny') {
    verdict.decision = 'deny';
    verdict.blocked = true;
  }
  if (output.reason !== undefined && output.reason !== null) verdict.reason = cut(String(output.reason));
  const context = output.additionalContext;
  if (context !== undefined && context !== null) {
    verdict.additional_context = cut(typeof context === 'string' ? context : JSON.stringify(context));
  }
  if (output.continue === false) verdict.blocked = true;
}

/** The stdout's JSON object; undefined when it is plain text (or empty), `garbage` when it starts like JSON and is not. */
function readJsonObject(stdout: string): Record<string, unknown> | 'garbage' | undefined {
  const text = stdout.trim();
  if (text === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
    return undefined;
  } catch {
    return text.startsWith('{') ? 'garbage' : undefined;
  }
}

function cut(text: string): string {
  return text.length <= MAX_HOOK_NOTE_CHARS ? text : `${text.slice(0, MAX_HOOK_NOTE_CHARS)}\n<TRUNCATED>`;
}
