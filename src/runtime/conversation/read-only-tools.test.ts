import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ActionEvent,
  type ConfirmationPolicy,
  contentText,
  type Event,
  type ObservationEvent,
} from '../events';
import type { ScriptToolCall } from '../llm/llm-script';
import { createToolset } from '../tools/create-toolset';
import type { Tool, Toolset } from '../tools/tool';
import type { ToolsetRequest } from './conversation-service-deps';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

let harness: ServiceHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** The real toolset (terminal unsandboxed, never called here), each call's start and end logged in order. */
function loggedToolset(log: string[]) {
  return (request: ToolsetRequest): Toolset => {
    const real = createToolset({ ...request, sandbox: false });
    const tools = real.tools.map(
      (tool): Tool => ({
        ...tool,
        async execute(action, context) {
          const label = `${tool.name}:${JSON.stringify(action).length}`;
          log.push(`start ${label}`);
          try {
            return await tool.execute(action, context);
          } finally {
            log.push(`end ${label}`);
          }
        },
      }),
    );
    return { ...real, tools, get: (name) => tools.find((tool) => tool.name === name) };
  };
}

const call = (id: string, name: string, args: Record<string, unknown>): ScriptToolCall => ({
  id,
  name,
  arguments: args,
});
const finish = call('finish', 'finish', { message: 'done' });
const observations = (events: readonly Event[]) =>
  events.filter((event): event is ObservationEvent => event.kind === 'ObservationEvent');

async function start(options: {
  policy?: ConfirmationPolicy;
  limit?: number;
  log?: string[];
  checkpoints?: boolean;
}) {
  harness = await createServiceHarness({
    createToolset: loggedToolset(options.log ?? []),
    ...(options.policy ? { confirmationPolicy: options.policy } : {}),
    ...(options.limit ? { service: { toolConcurrencyLimit: options.limit } } : {}),
    ...(options.checkpoints ? { checkpoints: true } : {}),
  });
  await writeFile(join(harness.workspace, 'app.ts'), 'const a = 1 // TODO fix\nconst b = 2\n');
  await writeFile(join(harness.workspace, 'notes.md'), 'TODO: write notes\n');
  return harness;
}

describe('read-only tool calls of one reply', () => {
  it('run together up to the limit, while a patch between them runs alone; answers stay in call order', async () => {
    const log: string[] = [];
    const h = await start({ limit: 4, log });
    h.llm.setScript({
      turns: [
        {
          tool_calls: [
            call('c1', 'grep', { pattern: 'TODO' }),
            call('c2', 'glob', { pattern: '*.ts' }),
            call('c3', 'apply_patch', { patch: '*** Begin Patch\n*** Add File: new.txt\n+x\n*** End Patch' }),
            call('c4', 'list_dir', {}),
            call('c5', 'grep', { pattern: 'const', output_mode: 'content' }),
          ],
        },
        { tool_calls: [finish] },
      ],
    });
    const id = await h.create();
    await h.say(id, 'look around');
    expect(await h.settled(id)).toBe('finished');
    const names = log.map((line) => line.replace(/:\d+$/, '')).filter((line) => !line.endsWith('finish'));
    // Both calls of a group start before either ends (which ends first is up to the file system);
    // the patch starts after the first group ended and ends before the second starts.
    expect(names.slice(0, 2)).toEqual(['start grep', 'start glob']);
    expect(names.slice(2, 4).sort()).toEqual(['end glob', 'end grep']);
    expect(names.slice(4, 6)).toEqual(['start apply_patch', 'end apply_patch']);
    expect(names.slice(6, 8)).toEqual(['start list_dir', 'start grep']);
    expect(names.slice(8).sort()).toEqual(['end grep', 'end list_dir']);
    expect(observations(await h.events(id)).map((event) => event.tool_call_id)).toEqual([
      'c1',
      'c2',
      'c3',
      'c4',
      'c5',
      'finish',
    ]);
  });

  it('run one after another with the default limit of 1, as upstream', async () => {
    const log: string[] = [];
    const h = await start({ log });
    h.llm.setScript({
      turns: [
        { tool_calls: [call('c1', 'grep', { pattern: 'TODO' }), call('c2', 'glob', { pattern: '*.ts' })] },
        { tool_calls: [finish] },
      ],
    });
    const id = await h.create();
    await h.say(id, 'look');
    expect(await h.settled(id)).toBe('finished');
    expect(log.map((line) => line.replace(/:\d+$/, '')).filter((line) => !line.endsWith('finish'))).toEqual([
      'start grep',
      'end grep',
      'start glob',
      'end glob',
    ]);
  });

  it("run together when the conversation's agent.tool_concurrency_limit says so, over the runtime's 1", async () => {
    const log: string[] = [];
    const h = await start({ log });
    h.llm.setScript({
      turns: [
        { tool_calls: [call('c1', 'grep', { pattern: 'TODO' }), call('c2', 'glob', { pattern: '*.ts' })] },
        { tool_calls: [finish] },
      ],
    });
    // What the upstream edge makes of `agent: {llm, tool_concurrency_limit: 2}` (upstream-create-conversation.ts).
    const id = await h.create(
      { llm: { provider: 'openai', model: 'scripted-model' } },
      { tool_concurrency_limit: 2, upstream_model: 'openai/scripted-model', make_missing_folder: true },
    );
    await h.say(id, 'look');
    expect(await h.settled(id)).toBe('finished');
    const names = log.map((line) => line.replace(/:\d+$/, '')).filter((line) => !line.endsWith('finish'));
    expect(names.slice(0, 2)).toEqual(['start grep', 'start glob']);
    expect((await h.store.getConversation(id))?.tool_concurrency_limit).toBe(2);
  });
});

describe('approval of the search tools', () => {
  const searches = () => [
    call('s1', 'grep', { pattern: 'TODO' }),
    call('s2', 'glob', { pattern: '**/*' }),
    call('s3', 'list_dir', { depth: 2 }),
  ];

  it.each([
    [
      'ConfirmRisky (unknown risk asked)',
      { kind: 'ConfirmRisky', threshold: 'LOW', confirm_unknown: true } as const,
    ],
    ['AlwaysConfirm, inside the workspace', { kind: 'AlwaysConfirm' } as const],
    ['NeverConfirm', { kind: 'NeverConfirm' } as const],
  ])('never ask under %s', async (_name, policy) => {
    const h = await start({ policy });
    h.llm.setScript({ turns: [{ tool_calls: searches() }, { tool_calls: [finish] }] });
    const id = await h.create();
    await h.say(id, 'search');
    expect(await h.settled(id)).toBe('finished');
    expect((await h.kinds(id, 'ConfirmationDecisionEvent')).length).toBe(0);
  });

  it('ask under AlwaysConfirm when they leave the workspace, and run once approved', async () => {
    const h = await start({ policy: { kind: 'AlwaysConfirm' } });
    const saved = join(h.dataDir, 'observations');
    h.llm.setScript({
      turns: [
        { tool_calls: [call('s1', 'grep', { pattern: 'TODO' }), call('s2', 'list_dir', { path: saved })] },
        { tool_calls: [finish] },
      ],
    });
    const id = await h.create();
    await h.say(id, 'search');
    expect(await h.settled(id)).toBe('waiting_for_confirmation');
    const [asked] = await h.kinds(id, 'ConfirmationDecisionEvent');
    const listDir = (await h.kinds(id, 'ActionEvent')).find(
      (event) => (event as ActionEvent).tool_name === 'list_dir',
    );
    expect(asked).toMatchObject({ decision: 'asked', decided_by: 'policy', action_id: listDir?.id });
    await h.service.respondToConfirmation(id, { accept: true });
    expect(await h.settled(id)).toBe('finished');
    expect(observations(await h.events(id)).map((event) => event.tool_call_id)).toEqual([
      's1',
      's2',
      'finish',
    ]);
  });

  it('ask for apply_patch under AlwaysConfirm, as for any write', async () => {
    const h = await start({ policy: { kind: 'AlwaysConfirm' } });
    h.llm.setScript({
      turns: [
        {
          tool_calls: [
            call('p1', 'apply_patch', { patch: '*** Begin Patch\n*** Delete File: notes.md\n*** End Patch' }),
          ],
        },
      ],
    });
    const id = await h.create();
    await h.say(id, 'patch');
    expect(await h.settled(id)).toBe('waiting_for_confirmation');
    expect(await readFile(join(h.workspace, 'notes.md'), 'utf8')).toBe('TODO: write notes\n');
  });
});

describe('a model that greps, then patches', () => {
  it('finds the TODOs, fixes them in one patch after a checkpoint, and reads both answers', async () => {
    const h = await start({ checkpoints: true });
    h.llm.setScript({
      turns: [
        { tool_calls: [call('g1', 'grep', { pattern: 'TODO', output_mode: 'content' })] },
        {
          tool_calls: [
            call('p1', 'apply_patch', {
              patch: [
                '*** Begin Patch',
                '*** Update File: app.ts',
                '@@',
                '-const a = 1 // TODO fix',
                '+const a = 1',
                '*** Update File: notes.md',
                '@@',
                '-TODO: write notes',
                '+Notes written.',
                '*** End Patch',
              ].join('\n'),
              security_risk: 'LOW',
            }),
          ],
        },
        { tool_calls: [finish] },
      ],
    });
    const id = await h.create();
    await h.say(id, 'fix the TODOs');
    expect(await h.settled(id, 30_000)).toBe('finished');
    const [grepped, patched] = observations(await h.events(id));
    expect(contentText(grepped?.observation.content ?? [])).toContain(
      `${join(h.workspace, 'app.ts')}:1:const a = 1 // TODO fix`,
    );
    expect(patched?.observation).toMatchObject({ kind: 'ApplyPatchObservation', is_error: false });
    expect(await readFile(join(h.workspace, 'app.ts'), 'utf8')).toBe('const a = 1\nconst b = 2\n');
    expect(await readFile(join(h.workspace, 'notes.md'), 'utf8')).toBe('Notes written.\n');
    const actions = (await h.kinds(id, 'ActionEvent')) as ActionEvent[];
    expect(actions.find((event) => event.tool_name === 'grep')?.checkpoint_id).toBeUndefined();
    expect(actions.find((event) => event.tool_name === 'apply_patch')?.checkpoint_id).toEqual(
      expect.any(String),
    );
    // The model read the grep's answer before it patched.
    expect(JSON.stringify(h.llm.calls[1])).toContain('TODO fix');
  });
});
