import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateProviderRequest } from '../../../scripts/mock-llm/strict/validate-request';
import { toolSpecsForModel } from '../agent/tool-specs-for-model';
import { contentText } from '../events';
import { MAX_TOOL_DESCRIPTION_LENGTH } from '../llm/provider-projection-rules';
import { createToolset } from './create-toolset';
import type { Toolset, ToolContext } from './tool';
import { requireExecutable } from '../sandbox/testing/require-executable';

let root: string;
let toolset: Toolset;
let context: ToolContext;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'awb-toolset-test-'));
  toolset = createToolset({ conversationId: 'c1', workspaceDir: root, observationsDir: join(root, '.obs') });
  context = {
    conversationId: 'c1',
    workspaceDir: root,
    observationsDir: join(root, '.obs'),
    signal: new AbortController().signal,
  };
});

afterEach(async () => {
  await toolset.close();
  await rm(root, { recursive: true, force: true });
});

async function call(name: string, args: Record<string, unknown>) {
  const tool = toolset.get(name);
  if (!tool) throw new Error(`no tool ${name}`);
  const parsed = tool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.error);
  return tool.execute(parsed.action, context);
}

describe('createToolset', () => {
  it("offers tool schemas the strict mock accepts, as OpenAI's and Anthropic's published schemas", () => {
    const specs = toolSpecsForModel(toolset.tools);
    const openai = specs.map((spec) => ({
      type: 'function',
      function: { name: spec.name, description: spec.description, parameters: spec.parameters },
    }));
    const anthropic = specs.map((spec) => ({
      name: spec.name,
      description: spec.description,
      input_schema: spec.parameters,
    }));
    const user = { role: 'user', content: 'hi' };
    expect(
      validateProviderRequest('openai', { model: 'm', stream: true, messages: [user], tools: openai }),
    ).toEqual([]);
    expect(
      validateProviderRequest('anthropic', {
        model: 'm',
        max_tokens: 100,
        messages: [user],
        tools: anthropic,
      }),
    ).toEqual([]);
  });

  it('offers the ten tools, with only terminal, file_editor and apply_patch able to change things', () => {
    expect(toolset.tools.map((tool) => [tool.name, tool.readOnly])).toEqual([
      ['terminal', false],
      ['file_editor', false],
      ['grep', true],
      ['glob', true],
      ['list_dir', true],
      ['apply_patch', false],
      ['task_tracker', true],
      ['think', true],
      ['finish', true],
      ['invoke_skill', true],
    ]);
    for (const tool of toolset.tools) {
      expect(tool.spec.name).toBe(tool.name);
      expect(tool.spec.description.length).toBeGreaterThan(40);
      // OpenAI refuses longer; the request would cut it, but our own tools must say all they mean.
      expect(tool.spec.description.length).toBeLessThanOrEqual(MAX_TOOL_DESCRIPTION_LENGTH);
      expect(tool.spec.parameters).toMatchObject({ type: 'object' });
      expect(JSON.stringify(tool.spec.parameters)).not.toContain('security_risk');
      expect(JSON.stringify(tool.spec.parameters)).not.toContain('$schema');
    }
    expect(toolset.get('nonexistent')).toBeUndefined();
  });

  it('keeps a task plan for the conversation and shows it on view', async () => {
    const empty = await call('task_tracker', { command: 'view' });
    expect(contentText(empty.content)).toContain('no tasks');
    await call('task_tracker', {
      command: 'plan',
      task_list: [
        { title: 'Read the code', status: 'done' },
        { title: 'Fix the bug', status: 'in_progress', notes: 'in parser.ts' },
      ],
    });
    const viewed = await call('task_tracker', { command: 'view' });
    expect(viewed).toMatchObject({ kind: 'TaskTrackerObservation', command: 'view' });
    expect(viewed.kind === 'TaskTrackerObservation' && viewed.task_list).toHaveLength(2);
    const text = contentText(viewed.content);
    expect(text).toContain('1 of 2 done');
    expect(text).toContain('2. [in progress] Fix the bug');
    expect(text).toContain('in parser.ts');
  });

  it('requires task_list for plan', () => {
    const result = toolset.get('task_tracker')?.parseArguments({ command: 'plan' });
    expect(result?.ok).toBe(false);
    if (result && !result.ok) expect(result.error).toContain('task_list');
  });

  it('logs a thought and ends with the finish message', async () => {
    expect(await call('think', { thought: 'consider X' })).toMatchObject({
      kind: 'ThinkObservation',
      is_error: false,
    });
    const finish = await call('finish', { message: 'All done.' });
    expect(finish).toMatchObject({
      kind: 'FinishObservation',
      content: [{ type: 'text', text: 'All done.' }],
    });
  });

  it('hides the data dir from the terminal but shows the conversation saved outputs', async () => {
    requireExecutable('bwrap', 'bubblewrap');
    const dataDir = join(root, 'data');
    const observationsDir = join(dataDir, 'observations', 'c2');
    await mkdir(dataDir);
    await writeFile(join(dataDir, 'session-key'), 'session-key-secret');
    const sandboxed = createToolset({
      conversationId: 'c2',
      workspaceDir: root,
      observationsDir,
      dataDir,
      limits: { maxProcesses: 64, maxMemoryMb: 256 },
    });
    try {
      const terminal = sandboxed.get('terminal');
      if (terminal === undefined) throw new Error('no terminal');
      const parsed = terminal.parseArguments({ command: 'seq 1 100000' });
      if (!parsed.ok) throw new Error(parsed.error);
      const cut = await terminal.execute(parsed.action, { ...context, observationsDir });
      const savedPath = cut.kind === 'TerminalObservation' ? cut.full_output_path : undefined;
      expect(savedPath?.startsWith(observationsDir)).toBe(true);
      expect(cut.kind === 'TerminalObservation' ? cut.limits : undefined).toContain('64 processes, 256 MiB');
      const probe = terminal.parseArguments({
        command: `tail -n 1 ${savedPath}; echo; cat ${join(dataDir, 'session-key')}`,
      });
      if (!probe.ok) throw new Error(probe.error);
      const text = contentText(
        (await terminal.execute(probe.action, { ...context, observationsDir })).content,
      );
      expect(text).toMatch(/^100000$/m);
      expect(text).not.toContain('session-key-secret');
    } finally {
      await sandboxed.close();
    }
  });

  it('runs the terminal in the workspace', async () => {
    const observation = await call('terminal', { command: 'pwd' });
    expect(contentText(observation.content)).toContain(root);
  });
});
