import type { HookConfig, HookDefinition, HookEventType, NewEvent } from '../events';
import { HOOK_EVENT_FIELDS } from '../events';
import type { HookCommandRunner } from './hook-command-runner';
import { type HookTrigger, hookInput } from './hook-input';
import { hookMatches } from './hook-matches';
import { parseHookOutput } from './parse-hook-output';

/** What the hooks of one event said together. */
export interface HookOutcome {
  /** Some hook blocked (PreToolUse: deny the call; UserPromptSubmit: drop the message; Stop: go on working). */
  blocked: boolean;
  /** Some PreToolUse hook asked for the person (our addition to upstream's decisions). */
  ask: boolean;
  /** The first blocking (or asking) hook's reason. */
  reason?: string;
  /** Every hook's `additionalContext`, in run order. */
  contexts: string[];
}

/** Runs a conversation's hooks. The conversation's port: loop tests may pass none. */
export interface HookRunner {
  /**
   * Runs, one after another, the hooks configured for `trigger.event_type` whose matcher fits the tool,
   * and appends one HookExecutionEvent per hook run. PreToolUse, UserPromptSubmit and Stop stop at the
   * first block (upstream's order). Never throws: a hook that fails, hangs or prints garbage is
   * recorded and decides nothing.
   */
  run(trigger: HookTrigger, signal?: AbortSignal): Promise<HookOutcome>;
  /** Whether any matcher is configured for this event (so callers can skip building the input). */
  has(eventType: HookEventType): boolean;
}

export interface HookRunnerPorts {
  conversationId: string;
  workspaceDir: string;
  /** Read on every run, so a settings change or an accepted workspace file applies at once. */
  config(): HookConfig;
  runCommand: HookCommandRunner;
  append(event: NewEvent): Promise<unknown>;
  newId(): string;
  now(): string;
  /** Milliseconds from any fixed point, for durations. */
  elapsedMs(): number;
}

const STOPS_AT_BLOCK: ReadonlySet<HookEventType> = new Set(['PreToolUse', 'UserPromptSubmit', 'Stop']);

export function createHookRunner(ports: HookRunnerPorts): HookRunner {
  const selected = (trigger: HookTrigger) =>
    ports
      .config()
      [HOOK_EVENT_FIELDS[trigger.event_type]].filter((entry) => hookMatches(entry.matcher, trigger.tool_name))
      .flatMap((entry) => entry.hooks.map((hook) => ({ matcher: entry.matcher, hook })));
  return {
    has: (eventType) => ports.config()[HOOK_EVENT_FIELDS[eventType]].length > 0,
    async run(trigger, signal) {
      const outcome: HookOutcome = { blocked: false, ask: false, contexts: [] };
      const stdin = JSON.stringify(
        hookInput(trigger, { id: ports.conversationId, workspaceDir: ports.workspaceDir }),
      );
      for (const { matcher, hook } of selected(trigger)) {
        if (signal?.aborted) break;
        const verdict = await runOne(ports, trigger, { matcher, hook, stdin, signal });
        if (verdict.additional_context) outcome.contexts.push(verdict.additional_context);
        if (verdict.decision === 'ask' && !outcome.ask) {
          outcome.ask = true;
          if (verdict.reason && outcome.reason === undefined) outcome.reason = verdict.reason;
        }
        if (verdict.blocked) {
          outcome.blocked = true;
          outcome.reason = verdict.reason ?? 'Blocked by hook';
          if (STOPS_AT_BLOCK.has(trigger.event_type)) break;
        }
      }
      return outcome;
    },
  };
}

async function runOne(
  ports: HookRunnerPorts,
  trigger: HookTrigger,
  run: { matcher: string; hook: HookDefinition; stdin: string; signal: AbortSignal | undefined },
) {
  const { hook } = run;
  const started = ports.elapsedMs();
  const result = await ports.runCommand({
    command: hook.command,
    workspaceDir: ports.workspaceDir,
    timeoutMs: hook.timeout * 1000,
    stdin: run.stdin,
    env: {
      OPENHANDS_PROJECT_DIR: ports.workspaceDir,
      OPENHANDS_SESSION_ID: ports.conversationId,
      OPENHANDS_EVENT_TYPE: trigger.event_type,
      ...(trigger.tool_name ? { OPENHANDS_TOOL_NAME: trigger.tool_name } : {}),
    },
    ...(run.signal ? { signal: run.signal } : {}),
  });
  const verdict = parseHookOutput(result, hook.timeout);
  await ports.append({
    kind: 'HookExecutionEvent',
    id: ports.newId(),
    timestamp: ports.now(),
    source: 'environment',
    hook_event_type: trigger.event_type,
    hook_command: hook.command,
    ...(hook.name ? { hook_name: hook.name } : {}),
    matcher: run.matcher,
    ...(trigger.tool_name ? { tool_name: trigger.tool_name } : {}),
    success: verdict.success,
    blocked: verdict.blocked,
    exit_code: result.exitCode,
    ...(result.timedOut ? { timed_out: true } : {}),
    duration_ms: Math.max(0, Math.round(ports.elapsedMs() - started)),
    ...(verdict.decision ? { decision: verdict.decision } : {}),
    stdout: result.stdout,
    stderr: result.stderr,
    ...(verdict.reason !== undefined ? { reason: verdict.reason } : {}),
    ...(verdict.additional_context !== undefined ? { additional_context: verdict.additional_context } : {}),
    ...(verdict.error !== undefined ? { error: verdict.error } : {}),
    ...(trigger.action_id ? { action_id: trigger.action_id } : {}),
    ...(trigger.message_id ? { message_id: trigger.message_id } : {}),
  });
  return verdict;
}
