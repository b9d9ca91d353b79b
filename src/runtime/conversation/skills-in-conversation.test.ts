import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageEvent, ObservationEvent } from '../events';
import { createToolset } from '../tools/create-toolset';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

let harness: ServiceHarness;
let workspace: string;
afterEach(async () => {
  await harness?.close();
  await rm(workspace, { recursive: true, force: true });
});

async function write(path: string, text: string): Promise<void> {
  await mkdir(join(workspace, path, '..'), { recursive: true });
  await writeFile(join(workspace, path), text);
}

/** The real tools (no terminal use: the sandbox is not needed) over a workspace with skills. */
async function start(turns: object[]): Promise<string> {
  harness = await createServiceHarness({
    workspace,
    script: { turns: turns as never },
    createToolset: (options) => createToolset({ ...options, sandbox: false }),
  });
  return harness.create();
}

describe('skills in a conversation', () => {
  it('a message with a trigger word carries the knowledge skill to the model, once per conversation', async () => {
    workspace = await mkdtemp(join(tmpdir(), 'awb-skills-conv-'));
    await write(
      '.agents/skills/k8s/SKILL.md',
      '---\ntriggers: [kubectl]\n---\nAlways pass --context staging.',
    );
    const id = await start([{ text: 'ok' }, { text: 'ok again' }]);
    await harness.say(id, 'Why does kubectl hang?');
    expect(await harness.settled(id)).toBe('finished');
    await harness.say(id, 'kubectl still hangs');
    expect(await harness.settled(id)).toBe('finished');
    const messages = (await harness.kinds(id, 'MessageEvent')) as MessageEvent[];
    const fromUser = messages.filter((message) => message.source === 'user');
    expect(fromUser.map((message) => message.activated_skills)).toEqual([['k8s'], undefined]);
    const firstCall = JSON.stringify(harness.llm.calls[0]?.messages);
    expect(firstCall).toContain('Always pass --context staging.');
    expect(firstCall).toContain('trust=\\"untrusted\\"');
    // The system prompt lists it and the tool to load it is offered.
    expect(firstCall).toContain('- k8s: Always pass --context staging.');
    expect(harness.llm.calls[0]?.tools.map((tool) => tool.name)).toContain('invoke_skill');
    const secondCall = JSON.stringify(harness.llm.calls[1]?.messages);
    expect(secondCall.match(/Always pass --context staging\.\\n<\/skill>/g)).toHaveLength(1);
  });

  it('invoke_skill loads a skill on demand; an unknown name is an error listing the known ones', async () => {
    workspace = await mkdtemp(join(tmpdir(), 'awb-skills-conv-'));
    await write(
      '.openhands/skills/release/SKILL.md',
      '---\ndescription: How we release\n---\nTag, then push.',
    );
    const id = await start([
      { tool_calls: [{ name: 'invoke_skill', arguments: { name: 'release' } }] },
      { tool_calls: [{ name: 'invoke_skill', arguments: { name: 'nope' } }] },
      { text: 'done' },
    ]);
    await harness.say(id, 'release it');
    expect(await harness.settled(id)).toBe('finished');
    const [loaded, missing] = (await harness.kinds(id, 'ObservationEvent')) as ObservationEvent[];
    expect(loaded?.observation).toMatchObject({
      kind: 'InvokeSkillObservation',
      is_error: false,
      skill_name: 'release',
    });
    expect(JSON.stringify(loaded?.observation.content)).toContain('Tag, then push.');
    expect(missing?.observation.is_error).toBe(true);
    expect(JSON.stringify(missing?.observation.content)).toContain('Available skills: release.');
  });

  it('the file editor hands over a nested AGENTS.md the first time it touches a file below it', async () => {
    workspace = await mkdtemp(join(tmpdir(), 'awb-skills-conv-'));
    await write('packages/api/AGENTS.md', 'API tests: pnpm test:api');
    await write('packages/api/index.ts', 'export {};\n');
    const view = {
      name: 'file_editor',
      arguments: {
        command: 'view',
        path: join(workspace, 'packages/api/index.ts'),
        security_risk: 'LOW',
        summary: 'look',
      },
    };
    const id = await start([{ tool_calls: [view] }, { tool_calls: [view] }, { text: 'done' }]);
    await harness.say(id, 'look at the api');
    expect(await harness.settled(id)).toBe('finished');
    const [first, second] = (await harness.kinds(id, 'ObservationEvent')) as ObservationEvent[];
    expect(JSON.stringify(first?.observation.content)).toContain('API tests: pnpm test:api');
    expect(JSON.stringify(second?.observation.content)).not.toContain('API tests');
  });
});
