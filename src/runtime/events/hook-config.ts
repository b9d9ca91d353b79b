import { z } from 'zod';

/**
 * Upstream's `hook_config` (the agent server's HookConfig): per hook event, a list of matchers, each
 * with the commands to run. Stored and answered in upstream's snake_case form; a request may also use
 * its PascalCase keys and its `{"hooks": {...}}` wrapper (Claude Code's file format), as upstream reads
 * them. Only command hooks run here: prompt and agent hooks, and `async`, are refused.
 */

/** Upstream's default: a hook that has not ended after 60 seconds is killed. */
export const DEFAULT_HOOK_TIMEOUT_SECONDS = 60;

export const HOOK_EVENT_TYPES = [
  'PreToolUse',
  'PostToolUse',
  'UserPromptSubmit',
  'SessionStart',
  'SessionEnd',
  'Stop',
] as const;
export const HookEventTypeSchema = z.enum(HOOK_EVENT_TYPES);
export type HookEventType = z.infer<typeof HookEventTypeSchema>;

/** The config's field for each event type (upstream's snake_case names). */
export const HOOK_EVENT_FIELDS = {
  PreToolUse: 'pre_tool_use',
  PostToolUse: 'post_tool_use',
  UserPromptSubmit: 'user_prompt_submit',
  SessionStart: 'session_start',
  SessionEnd: 'session_end',
  Stop: 'stop',
} as const satisfies Record<HookEventType, string>;

export const HookDefinitionSchema = z.strictObject({
  type: z.literal('command'),
  name: z.string().max(200).optional(),
  /** Run by bash in the conversation's sandbox, in the workspace, with the hook input as JSON on stdin. */
  command: z.string().min(1).max(10_000),
  /** Seconds; the hook is killed (and recorded so) when it has not ended by then. */
  timeout: z.number().int().min(1).max(3600),
});

export const HookMatcherSchema = z.strictObject({
  /** `*` or empty: every tool; `/re/` or a pattern with regex characters: a full match; else the exact tool name. */
  matcher: z.string().max(500),
  hooks: z.array(HookDefinitionSchema).max(20),
});

const matcherList = z.array(HookMatcherSchema).max(50);

export const HookConfigSchema = z.strictObject({
  pre_tool_use: matcherList,
  post_tool_use: matcherList,
  user_prompt_submit: matcherList,
  session_start: matcherList,
  /** Accepted and kept for upstream clients; this runtime never runs them (CONTRACT §8). */
  session_end: matcherList,
  stop: matcherList,
});

export type HookDefinition = z.infer<typeof HookDefinitionSchema>;
export type HookMatcher = z.infer<typeof HookMatcherSchema>;
export type HookConfig = z.infer<typeof HookConfigSchema>;

/** Fresh empty lists for every hook event: built by hand, as merging asks for them several times a step. */
export function emptyHookConfig(): HookConfig {
  return {
    pre_tool_use: [],
    post_tool_use: [],
    user_prompt_submit: [],
    session_start: [],
    session_end: [],
    stop: [],
  };
}

export const EMPTY_HOOK_CONFIG: HookConfig = emptyHookConfig();

const HookDefinitionInputSchema = z
  .strictObject({
    type: z.enum(['command', 'prompt', 'agent']).default('command'),
    name: z.string().max(200).nullish(),
    command: z.string().max(10_000).default(''),
    timeout: z.number().int().min(1).max(3600).default(DEFAULT_HOOK_TIMEOUT_SECONDS),
    async: z.boolean().default(false),
    prompt: z.string().max(10_000).nullish(),
    system_prompt: z.string().max(10_000).nullish(),
    tools: z.array(z.string()).max(100).optional(),
    max_iterations: z.number().int().optional(),
  })
  .superRefine((hook, context) => {
    if (hook.type !== 'command')
      context.addIssue({ code: 'custom', path: ['type'], message: 'Only command hooks run here' });
    else if (hook.command.trim() === '')
      context.addIssue({ code: 'custom', path: ['command'], message: "'command' is required" });
    if (hook.async)
      context.addIssue({ code: 'custom', path: ['async'], message: 'Async hooks are not supported here' });
  })
  .transform(
    (hook): HookDefinition => ({
      type: 'command',
      ...(hook.name ? { name: hook.name } : {}),
      command: hook.command,
      timeout: hook.timeout,
    }),
  );

const HookMatcherInputSchema = z.strictObject({
  matcher: z.string().max(500).default('*'),
  hooks: z.array(HookDefinitionInputSchema).max(20).default([]),
});

const matcherListInput = z.array(HookMatcherInputSchema).max(50).nullish();

const EventListsInputSchema = z.strictObject({
  pre_tool_use: matcherListInput,
  post_tool_use: matcherListInput,
  user_prompt_submit: matcherListInput,
  session_start: matcherListInput,
  session_end: matcherListInput,
  stop: matcherListInput,
  PreToolUse: matcherListInput,
  PostToolUse: matcherListInput,
  UserPromptSubmit: matcherListInput,
  SessionStart: matcherListInput,
  SessionEnd: matcherListInput,
  Stop: matcherListInput,
});

/** A hook config as a request or a hooks file gives it: either key form, optionally wrapped in `hooks`. */
export const HookConfigInputSchema = z
  .union([z.strictObject({ hooks: EventListsInputSchema }), EventListsInputSchema])
  .superRefine((input, context) => {
    const lists = 'hooks' in input ? input.hooks : input;
    for (const [pascal, snake] of Object.entries(HOOK_EVENT_FIELDS)) {
      if (lists[pascal as HookEventType] != null && lists[snake] != null)
        context.addIssue({
          code: 'custom',
          path: [pascal],
          message: `Duplicate hook event: both '${pascal}' and '${snake}' were given`,
        });
    }
  })
  .transform((input): HookConfig => {
    const lists = 'hooks' in input ? input.hooks : input;
    const config = emptyHookConfig();
    for (const [pascal, snake] of Object.entries(HOOK_EVENT_FIELDS) as [HookEventType, keyof HookConfig][]) {
      config[snake] = lists[snake] ?? lists[pascal] ?? [];
    }
    return config;
  });

export type HookConfigInput = z.input<typeof HookConfigInputSchema>;

/** True when no event has a matcher. */
export function isEmptyHookConfig(config: HookConfig): boolean {
  return Object.values(config).every((matchers) => matchers.length === 0);
}

/**
 * Several levels' configs as one: each event's matchers concatenated in the order given (upstream's
 * HookConfig.merge), so every level's hooks run, the first level's first.
 */
export function mergeHookConfigs(configs: readonly (HookConfig | undefined)[]): HookConfig {
  const merged = emptyHookConfig();
  for (const config of configs) {
    if (!config) continue;
    for (const field of Object.keys(merged) as (keyof HookConfig)[]) merged[field].push(...config[field]);
  }
  return merged;
}
