import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Event, type HookConfigInput, HookConfigInputSchema } from '../events';
import { readWorkspaceHooksFile } from '../hooks/workspace-hooks-file';
import type { ScriptToolCall } from '../llm/llm-script';
import { requireExecutable } from '../sandbox/testing/require-executable';
import { MAX_STOP_HOOK_RETURNS } from './stop-hook';
import {
  createServiceHarness,
  type HarnessOptions,
  type ServiceHarness,
} from './testing/create-service-harness';

let harness: ServiceHarness | undefined;
const extra: ServiceHarness[] = [];
beforeAll(() => {
  requireExecutable('bwrap', 'bubblewrap');
});
afterEach(async () => {
  for (const other of extra.splice(0)) await other.service.close();
  await harness?.close();
  harness = undefined;
});

const terminal = (id: string, command: string): ScriptToolCall => ({
  id,
  name: 'terminal',
  arguments: { command },
});
const finish: ScriptToolCall = { id: 'finish', name: 'finish', arguments: { message: 'done' } };

/** A harness whose global hooks are `hooks`, with `scripts` (name -> bash body) written to `<workspace>/hooks/`. */
async function start(
  hooks: HookConfigInput,
  scripts: Record<string, string>,
  options: Partial<HarnessOptions> = {},
): Promise<ServiceHarness> {
  harness = await createServiceHarness({ hooks: HookConfigInputSchema.parse(hooks), ...options });
  writeScripts(harness.workspace, scripts);
  return harness;
}

function writeScripts(workspace: string, scripts: Record<string, string>): void {
  mkdirSync(join(workspace, 'hooks'), { recursive: true });
  for (const [name, body] of Object.entries(scripts))
    writeFileSync(join(workspace, 'hooks', name), `#!/bin/bash\n${body}\n`, { mode: 0o755 });
}

const ofKind = <K extends Event['kind']>(events: readonly Event[], kind: K) =>
  events.filter((event): event is Extract<Event, { kind: K }> => event.kind === kind);
const environmentTexts = (events: readonly Event[]) =>
  ofKind(events, 'MessageEvent')
    .filter((event) => event.source === 'environment')
    .map((event) => (event.llm_message.content[0]?.type === 'text' ? event.llm_message.content[0].text : ''));
const modelRead = (h: ServiceHarness, call: number) => JSON.stringify(h.llm.calls[call]?.messages ?? []);

describe('PreToolUse hooks in a run', () => {
  it('a deny is recorded with rejection_source "hook", the call never runs and the model reads the reason', async () => {
    const h = await start(
      { PreToolUse: [{ matcher: 'terminal', hooks: [{ command: 'hooks/deny.sh' }] }] },
      { 'deny.sh': 'case "$(cat)" in *"rm -rf"*) echo "rm -rf is not allowed" >&2; exit 2;; esac' },
    );
    h.llm.setScript({
      turns: [
        { tool_calls: [terminal('c1', 'rm -rf build')] },
        { tool_calls: [terminal('c2', 'ls')] },
        { tool_calls: [finish] },
      ],
    });
    const id = await h.create();
    await h.say(id, 'clean up');
    expect(await h.settled(id)).toBe('finished');
    const events = await h.events(id);
    expect(h.executed().map((action) => ('command' in action ? action.command : action.kind))).toEqual([
      'ls',
      'FinishAction',
    ]);
    expect(ofKind(events, 'UserRejectObservation')).toEqual([
      expect.objectContaining({
        tool_call_id: 'c1',
        rejection_source: 'hook',
        rejection_reason: 'rm -rf is not allowed',
      }),
    ]);
    expect(ofKind(events, 'ConfirmationDecisionEvent')).toEqual([
      expect.objectContaining({ decision: 'rejected', decided_by: 'hook', reason: 'rm -rf is not allowed' }),
    ]);
    expect(ofKind(events, 'HookExecutionEvent').map((event) => [event.exit_code, event.blocked])).toEqual([
      [2, true],
      [0, false],
    ]);
    expect(modelRead(h, 1)).toContain('Action rejected: rm -rf is not allowed');
  });

  it('an ask opens the confirmation dialog even under NeverConfirm', async () => {
    const h = await start(
      { PreToolUse: [{ matcher: '*', hooks: [{ command: 'hooks/ask.sh' }] }] },
      { 'ask.sh': 'echo \'{"decision":"ask","reason":"a person should look at this"}\'' },
    );
    h.llm.setScript({ turns: [{ tool_calls: [terminal('c1', 'git push')] }] });
    const id = await h.create();
    await h.say(id, 'ship it');
    expect(await h.settled(id)).toBe('waiting_for_confirmation');
    expect(h.executed()).toEqual([]);
    expect(ofKind(await h.events(id), 'ConfirmationDecisionEvent')).toEqual([
      expect.objectContaining({
        decision: 'asked',
        decided_by: 'hook',
        reason: 'a person should look at this',
      }),
    ]);
  });

  it('an allow is only no objection: AlwaysConfirm still asks', async () => {
    const h = await start(
      { PreToolUse: [{ matcher: '*', hooks: [{ command: 'hooks/allow.sh' }] }] },
      { 'allow.sh': 'echo \'{"decision":"allow"}\'' },
      { confirmationPolicy: { kind: 'AlwaysConfirm' } },
    );
    h.llm.setScript({ turns: [{ tool_calls: [terminal('c1', 'ls')] }] });
    const id = await h.create();
    await h.say(id, 'look');
    expect(await h.settled(id)).toBe('waiting_for_confirmation');
    expect(ofKind(await h.events(id), 'ConfirmationDecisionEvent')).toEqual([
      expect.objectContaining({ decision: 'asked', decided_by: 'policy' }),
    ]);
  });

  it('a hook that hangs is killed at its timeout, recorded, and decides nothing', async () => {
    const h = await start(
      { PreToolUse: [{ matcher: '*', hooks: [{ command: 'hooks/hang.sh', timeout: 1 }] }] },
      { 'hang.sh': 'echo \'{"decision":"deny"}\'; sleep 600' },
    );
    h.llm.setScript({ turns: [{ tool_calls: [terminal('c1', 'ls')] }, { tool_calls: [finish] }] });
    const id = await h.create();
    await h.say(id, 'look');
    expect(await h.settled(id, 20_000)).toBe('finished');
    expect(h.executed()[0]).toMatchObject({ command: 'ls' });
    expect(ofKind(await h.events(id), 'HookExecutionEvent')[0]).toMatchObject({
      timed_out: true,
      exit_code: -1,
      blocked: false,
      error: 'Hook timed out after 1 seconds and was killed',
    });
  });
});

describe('PostToolUse, UserPromptSubmit, SessionStart and Stop hooks in a run', () => {
  it('a PostToolUse note follows the observation and the model reads it', async () => {
    const h = await start(
      { PostToolUse: [{ matcher: 'terminal', hooks: [{ command: 'hooks/lint.sh' }] }] },
      { 'lint.sh': 'echo \'{"additionalContext":"lint: app.ts:1 missing semicolon"}\'' },
    );
    h.llm.setScript({ turns: [{ tool_calls: [terminal('c1', 'touch app.ts')] }, { tool_calls: [finish] }] });
    const id = await h.create();
    await h.say(id, 'edit');
    expect(await h.settled(id)).toBe('finished');
    expect(environmentTexts(await h.events(id))).toContain(
      'PostToolUse hook on terminal: lint: app.ts:1 missing semicolon',
    );
    expect(modelRead(h, 1)).toContain('lint: app.ts:1 missing semicolon');
  });

  it("a hook's output is masked like the terminal's before it is stored or read by the model", async () => {
    const token = `ghp_${'a1B2'.repeat(9)}`;
    const h = await start(
      { PostToolUse: [{ matcher: '*', hooks: [{ command: 'hooks/leak.sh' }] }] },
      { 'leak.sh': `echo "${token}" >&2; echo '{"additionalContext":"token ${token}"}'` },
    );
    h.llm.setScript({ turns: [{ tool_calls: [terminal('c1', 'ls')] }, { tool_calls: [finish] }] });
    const id = await h.create();
    await h.say(id, 'look');
    expect(await h.settled(id)).toBe('finished');
    const events = await h.events(id);
    expect(ofKind(events, 'HookExecutionEvent')[0]?.stderr).toContain('‹secret:');
    expect(JSON.stringify(events)).not.toContain(token);
    expect(modelRead(h, 1)).not.toContain(token);
  });

  it('UserPromptSubmit blocks a message the model then never reads, and adds context to the next', async () => {
    const h = await start(
      { UserPromptSubmit: [{ hooks: [{ command: 'hooks/prompt.sh' }] }] },
      {
        'prompt.sh':
          'case "$(cat)" in *secret-plan*) echo \'{"decision":"deny","reason":"no secret plans"}\';; *) echo \'{"additionalContext":"Team rule: tests first"}\';; esac',
      },
    );
    const id = await h.create();
    await h.say(id, 'here is my secret-plan');
    expect(await h.settled(id)).toBe('error');
    expect(h.llm.calls).toHaveLength(0);
    expect(ofKind(await h.events(id), 'ConversationErrorEvent')).toEqual([
      expect.objectContaining({
        code: 'HookBlockedMessage',
        detail: expect.stringContaining('no secret plans'),
      }),
    ]);
    await h.say(id, 'hello');
    expect(await h.settled(id)).toBe('finished');
    expect(modelRead(h, 0)).toContain('UserPromptSubmit hook: Team rule: tests first');
    expect(modelRead(h, 0)).not.toContain('secret-plan');
  });

  it('SessionStart adds its context once per conversation', async () => {
    const h = await start(
      { SessionStart: [{ hooks: [{ command: 'hooks/start.sh' }] }] },
      { 'start.sh': 'echo \'{"additionalContext":"on branch main"}\'' },
    );
    const id = await h.create();
    await h.say(id, 'one');
    await h.settled(id);
    await h.say(id, 'two');
    expect(await h.settled(id)).toBe('finished');
    const events = await h.events(id);
    expect(ofKind(events, 'HookExecutionEvent')).toHaveLength(1);
    expect(environmentTexts(events)).toEqual(['SessionStart hook: on branch main']);
    expect(modelRead(h, 1)).toContain('on branch main');
  });

  it('a Stop hook sends the agent back to work once, then lets it stop', async () => {
    const h = await start(
      { Stop: [{ hooks: [{ command: 'hooks/stop.sh' }] }] },
      {
        'stop.sh':
          '[ -f .stop-seen ] && exit 0; touch .stop-seen; echo "Run the tests before you stop" >&2; exit 2',
      },
    );
    const id = await h.create();
    await h.say(id, 'work');
    expect(await h.settled(id)).toBe('finished');
    expect(h.llm.calls).toHaveLength(2);
    expect(environmentTexts(await h.events(id))).toEqual([
      '[Stop hook feedback] Run the tests before you stop',
    ]);
    expect(modelRead(h, 1)).toContain('[Stop hook feedback] Run the tests before you stop');
  });

  it('a Stop hook that always blocks sends the agent back a bounded number of times', async () => {
    const h = await start(
      { Stop: [{ hooks: [{ command: 'hooks/never.sh' }] }] },
      { 'never.sh': 'echo \'{"decision":"deny","additionalContext":"not yet"}\'' },
    );
    // Finish calls with different messages: three plain replies in a row would count as stuck first.
    h.llm.setScript({
      turns: Array.from({ length: 10 }, (_, index) => ({
        tool_calls: [{ id: `f${index}`, name: 'finish', arguments: { message: `Done (${index}).` } }],
      })),
    });
    const id = await h.create();
    await h.say(id, 'work');
    expect(await h.settled(id, 20_000)).toBe('finished');
    expect(h.llm.calls).toHaveLength(1 + MAX_STOP_HOOK_RETURNS);
    expect(environmentTexts(await h.events(id))).toHaveLength(MAX_STOP_HOOK_RETURNS);
  });
});

describe('where hooks come from', () => {
  it('a repository that ships .openhands/hooks.json runs nothing until the person accepts it, and again after it changes', async () => {
    const h = await start({}, {});
    const file = join(h.workspace, '.openhands', 'hooks.json');
    const marker = join(h.workspace, 'pwned-by-repo');
    mkdirSync(join(h.workspace, '.openhands'));
    const shipped = {
      SessionStart: [{ hooks: [{ command: 'touch pwned-by-repo' }] }],
      PreToolUse: [{ matcher: '*', hooks: [{ command: 'touch pwned-by-repo' }] }],
    };
    writeFileSync(file, JSON.stringify(shipped));
    h.llm.setScript({ turns: [{ tool_calls: [terminal('c1', 'ls')] }, { tool_calls: [finish] }] });
    const id = await h.create();
    await h.say(id, 'open the repo');
    expect(await h.settled(id)).toBe('finished');
    expect(existsSync(marker)).toBe(false);
    expect(ofKind(await h.events(id), 'HookExecutionEvent')).toEqual([]);

    const accepted = readWorkspaceHooksFile(h.workspace);
    h.acceptedWorkspaceHooks[accepted.workspace] = accepted.sha256 as string;
    await h.say(id, 'again');
    expect(await h.settled(id)).toBe('finished');
    expect(existsSync(marker)).toBe(true);

    rmSync(marker);
    writeFileSync(file, JSON.stringify(shipped, null, 1));
    await h.say(id, 'once more');
    expect(await h.settled(id)).toBe('finished');
    expect(existsSync(marker)).toBe(false);
  });

  it("the create request's hook_config is stored, answered, copied by a fork and used after a restart", async () => {
    const h = await start({}, { 'mine.sh': 'echo \'{"additionalContext":"from the conversation"}\'' });
    const hookConfig = HookConfigInputSchema.parse({
      SessionStart: [{ hooks: [{ command: 'hooks/mine.sh' }] }],
    });
    const id = await h.create({ hook_config: hookConfig });
    expect((await h.service.get(id)).hook_config).toEqual(hookConfig);
    expect((await h.service.fork(id, { reset_metrics: true })).hook_config).toEqual(hookConfig);
    await h.service.close();
    const restarted = await createServiceHarness({
      store: h.store,
      workspace: h.workspace,
      hooks: HookConfigInputSchema.parse({}),
    });
    extra.push(restarted);
    await restarted.say(id, 'hello');
    expect(await restarted.settled(id)).toBe('finished');
    expect(environmentTexts(await restarted.events(id))).toEqual([
      'SessionStart hook: from the conversation',
    ]);
  });
});
