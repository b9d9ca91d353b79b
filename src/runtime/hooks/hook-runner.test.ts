import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHookSandbox, type HookSandbox } from './testing/hook-sandbox';

let sandbox: HookSandbox;
beforeAll(() => {
  sandbox = createHookSandbox();
});
afterAll(() => sandbox.dispose());

const pre = (command: string, extra: Record<string, unknown> = {}) => ({
  PreToolUse: [{ matcher: 'terminal', hooks: [{ command, ...extra }] }],
});
const terminalCall = {
  event_type: 'PreToolUse' as const,
  tool_name: 'terminal',
  tool_input: { command: 'rm -rf /' },
};

describe('hook runner, real bash scripts in bubblewrap', () => {
  it("gives the hook upstream's input on stdin and its environment, in the workspace", async () => {
    const hook = sandbox.script(
      'record.sh',
      'cat > "$OPENHANDS_PROJECT_DIR/input.json"; echo "$OPENHANDS_EVENT_TYPE $OPENHANDS_TOOL_NAME $PWD"',
    );
    const outcome = await sandbox.runner(pre(hook)).run(terminalCall);
    expect(outcome).toEqual({ blocked: false, ask: false, contexts: [] });
    expect(JSON.parse(readFileSync(join(sandbox.workspace, 'input.json'), 'utf8'))).toEqual({
      event_type: 'PreToolUse',
      tool_name: 'terminal',
      tool_input: { command: 'rm -rf /' },
      tool_response: null,
      message: null,
      session_id: '00000000-0000-4000-8000-00000000c0de',
      working_dir: sandbox.workspace,
      metadata: {},
    });
    expect(sandbox.hookEvents().at(-1)).toMatchObject({
      hook_event_type: 'PreToolUse',
      hook_command: hook,
      matcher: 'terminal',
      tool_name: 'terminal',
      success: true,
      blocked: false,
      exit_code: 0,
      stdout: `PreToolUse terminal ${sandbox.workspace}\n`,
    });
  });

  it('denies with exit 2 and stderr as the reason', async () => {
    const hook = sandbox.script('deny.sh', 'echo "no rm -rf here" >&2; exit 2');
    expect(await sandbox.runner(pre(hook)).run(terminalCall)).toMatchObject({
      blocked: true,
      reason: 'no rm -rf here',
    });
  });

  it('denies, asks and allows through JSON decisions; allow is only no objection', async () => {
    const deny = sandbox.script('json-deny.sh', 'echo \'{"decision":"deny","reason":"policy says no"}\'');
    const ask = sandbox.script('json-ask.sh', 'echo \'{"decision":"ask","reason":"check this"}\'');
    const allow = sandbox.script('json-allow.sh', 'echo \'{"decision":"allow"}\'');
    expect(await sandbox.runner(pre(deny)).run(terminalCall)).toMatchObject({
      blocked: true,
      reason: 'policy says no',
    });
    expect(await sandbox.runner(pre(ask)).run(terminalCall)).toMatchObject({
      blocked: false,
      ask: true,
      reason: 'check this',
    });
    expect(await sandbox.runner(pre(allow)).run(terminalCall)).toEqual({
      blocked: false,
      ask: false,
      contexts: [],
    });
    expect(sandbox.hookEvents().at(-1)).toMatchObject({ decision: 'allow', blocked: false });
  });

  it('does not run a hook whose matcher names another tool', async () => {
    const before = sandbox.hookEvents().length;
    const hook = sandbox.script('never.sh', 'exit 2');
    const outcome = await sandbox.runner(pre(hook)).run({ ...terminalCall, tool_name: 'file_editor' });
    expect(outcome.blocked).toBe(false);
    expect(sandbox.hookEvents()).toHaveLength(before);
  });

  it('kills a hook that hangs at its timeout and records it, deciding nothing', async () => {
    const hook = sandbox.script('hang.sh', 'echo \'{"decision":"deny"}\'; sleep 600');
    const outcome = await sandbox.runner(pre(hook, { timeout: 1 })).run(terminalCall);
    expect(outcome.blocked).toBe(false);
    expect(sandbox.hookEvents().at(-1)).toMatchObject({
      success: false,
      blocked: false,
      exit_code: -1,
      timed_out: true,
      error: 'Hook timed out after 1 seconds and was killed',
    });
  });

  it('records garbage output and a non-zero exit without blocking', async () => {
    const garbage = sandbox.script(
      'garbage.sh',
      'printf \'{"decision": \\x00\\xff\'; head -c 100000 /dev/zero | tr "\\0" x',
    );
    const failing = sandbox.script('fail.sh', 'echo broken >&2; exit 1');
    const outcome = await sandbox
      .runner({
        PreToolUse: [{ matcher: '*', hooks: [{ command: garbage }, { command: failing }] }],
      })
      .run(terminalCall);
    expect(outcome.blocked).toBe(false);
    const [first, second] = sandbox.hookEvents().slice(-2);
    expect(first).toMatchObject({
      success: true,
      blocked: false,
      error: expect.stringContaining('cannot be read'),
    });
    expect(first?.stdout.length).toBeLessThan(17 * 1024);
    expect(first?.stdout).toContain('<TRUNCATED:');
    expect(second).toMatchObject({ success: false, blocked: false, exit_code: 1, stderr: 'broken\n' });
  });

  it('gathers PostToolUse notes from every hook, even after one blocks', async () => {
    const lint = sandbox.script('lint.sh', 'echo \'{"additionalContext":"lint: x.ts:3 unused variable"}\'');
    const block = sandbox.script('post-block.sh', 'echo "tests fail" >&2; exit 2');
    const outcome = await sandbox
      .runner({
        PostToolUse: [{ matcher: '*', hooks: [{ command: block }, { command: lint }] }],
      })
      .run({ event_type: 'PostToolUse', tool_name: 'file_editor', tool_response: { kind: 'x' } });
    expect(outcome).toMatchObject({
      blocked: true,
      reason: 'tests fail',
      contexts: ['lint: x.ts:3 unused variable'],
    });
  });

  it('cannot read the data dir: a hook is sandboxed like the terminal', async () => {
    writeFileSync(join(sandbox.dataDir, 'session-key'), 'awb-hook-secret-do-not-leak');
    const hook = sandbox.script(
      'steal.sh',
      `cat ${sandbox.dataDir}/session-key; ls ${sandbox.dataDir}; grep -rs "do-not""-leak" ${sandbox.root}`,
    );
    await sandbox.runner(pre(hook)).run(terminalCall);
    const event = sandbox.hookEvents().at(-1);
    expect(`${event?.stdout}${event?.stderr}`).not.toContain('do-not-leak');
  });
});
