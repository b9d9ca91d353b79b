import type { Settings } from '../api/wire-types';

export type HookConfigView = Settings['hooks'];

/** The hook events the editor offers, with the config field each lives in (upstream's names). */
export const HOOK_EVENTS = {
  PreToolUse: 'pre_tool_use',
  PostToolUse: 'post_tool_use',
  UserPromptSubmit: 'user_prompt_submit',
  SessionStart: 'session_start',
  Stop: 'stop',
} as const;

export type HookEventName = keyof typeof HOOK_EVENTS;

/** One command hook as the editor lists it. */
export interface HookEntry {
  event: HookEventName;
  matcher: string;
  command: string;
  /** Seconds. */
  timeout: number;
}

/** The config as a flat list, in run order (session_end, never run here, is kept aside by `withEntries`). */
export function hookEntries(config: HookConfigView): HookEntry[] {
  return (Object.entries(HOOK_EVENTS) as [HookEventName, keyof HookConfigView][]).flatMap(([event, field]) =>
    config[field].flatMap((matcher) =>
      matcher.hooks.map((hook) => ({
        event,
        matcher: matcher.matcher,
        command: hook.command,
        timeout: hook.timeout,
      })),
    ),
  );
}

/** The config with these entries (one matcher each, in list order per event); session_end stays as it was. */
export function withEntries(config: HookConfigView, entries: readonly HookEntry[]): HookConfigView {
  const next: HookConfigView = {
    pre_tool_use: [],
    post_tool_use: [],
    user_prompt_submit: [],
    session_start: [],
    session_end: config.session_end,
    stop: [],
  };
  for (const entry of entries) {
    next[HOOK_EVENTS[entry.event]].push({
      matcher: entry.matcher,
      hooks: [{ type: 'command', command: entry.command, timeout: entry.timeout }],
    });
  }
  return next;
}
