import { afterEach, describe, expect, it } from 'vitest';
import type { Event } from '../events';
import { contentText } from '../events';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

const terminalCall = (command: string, id = 'call_1') => ({ id, name: 'terminal', arguments: { command } });

let harness: ServiceHarness;
afterEach(async () => harness?.close());

describe('confirmation (SCENARIOS 7–12)', () => {
  it('AlwaysConfirm with a plain text answer finishes without waiting', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ text: 'Hello there.' }] },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
    });
    const id = await harness.create();
    await harness.say(id, 'hi');
    expect(await harness.settled(id)).toBe('finished');
    expect(await harness.statusHistory(id)).toEqual(['running', 'finished']);
  });

  it('AlwaysConfirm with one tool call records the action and waits for confirmation', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ tool_calls: [terminalCall('ls')] }] },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
    });
    const id = await harness.create();
    await harness.say(id, 'list');
    expect(await harness.settled(id)).toBe('waiting_for_confirmation');
    expect(await harness.kinds(id, 'ActionEvent')).toHaveLength(1);
    expect(await harness.kinds(id, 'ObservationEvent')).toHaveLength(0);
    expect((await harness.service.get(id)).pending_action_ids).toEqual([
      (await harness.kinds(id, 'ActionEvent'))[0]?.id,
    ]);
  });

  it('approving executes the pending action before any new model call, then goes on', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ tool_calls: [terminalCall('ls')] }, { text: 'All listed.' }] },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
    });
    const id = await harness.create();
    await harness.say(id, 'list');
    await harness.settled(id);
    const callsWhenObserved: number[] = [];
    const subscription = await harness.service.subscribe(id, (frame) => {
      if (frame.type === 'durable' && frame.event.kind === 'ObservationEvent')
        callsWhenObserved.push(harness.llm.calls.length);
    });
    await harness.service.respondToConfirmation(id, { accept: true });
    expect(await harness.settled(id)).toBe('finished');
    subscription.unsubscribe();
    expect(callsWhenObserved).toEqual([1]);
    expect(harness.llm.calls).toHaveLength(2);
    expect(harness.executed()).toEqual([expect.objectContaining({ command: 'ls' })]);
  });

  it('run from waiting_for_confirmation counts as approval', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ tool_calls: [terminalCall('ls')] }, { text: 'ok' }] },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
    });
    const id = await harness.create();
    await harness.say(id, 'list');
    await harness.settled(id);
    await harness.service.run(id);
    expect(await harness.settled(id)).toBe('finished');
    expect(await harness.kinds(id, 'ObservationEvent')).toHaveLength(1);
  });

  it('rejecting answers the action with the reason, leaves status idle, and the model reads it', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ tool_calls: [terminalCall('rm -rf build')] }, { text: 'Understood.' }] },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
    });
    const id = await harness.create();
    await harness.say(id, 'clean');
    await harness.settled(id);
    await harness.service.respondToConfirmation(id, { accept: false, reason: 'Not safe to run' });
    const rejections = await harness.kinds(id, 'UserRejectObservation');
    expect(rejections).toHaveLength(1);
    expect(rejections[0]).toMatchObject({ rejection_reason: 'Not safe to run' });
    expect(await harness.kinds(id, 'ObservationEvent')).toHaveLength(0);
    expect(await harness.status(id)).toBe('idle');
    await harness.service.run(id);
    await harness.settled(id);
    const toolMessages = harness.llm.calls[1]?.messages.filter((message) => message.role === 'tool');
    expect(toolMessages?.map((message) => message.content)).toEqual(['Action rejected: Not safe to run']);
  });

  it.each(['finish', 'think'])('AlwaysConfirm with a single %s call executes at once', async (tool) => {
    const args = tool === 'finish' ? { message: 'done' } : { thought: 'let me think' };
    harness = await createServiceHarness({
      script: { turns: [{ tool_calls: [{ id: 'c1', name: tool, arguments: args }] }, { text: 'Finished.' }] },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    expect(await harness.settled(id)).toBe('finished');
    expect(await harness.statusHistory(id)).not.toContain('waiting_for_confirmation');
    expect(await harness.kinds(id, 'ObservationEvent')).toHaveLength(1);
  });

  it('the model analyzer with ConfirmRisky rates a call without security_risk UNKNOWN and waits', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ tool_calls: [terminalCall('ls')] }] },
      confirmationPolicy: { kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true },
      securityAnalyzer: { kind: 'LLMSecurityAnalyzer' },
    });
    const id = await harness.create();
    await harness.say(id, 'list');
    expect(await harness.settled(id)).toBe('waiting_for_confirmation');
    expect((await harness.kinds(id, 'ActionEvent'))[0]).toMatchObject({ security_risk: 'UNKNOWN' });
  });

  it('a call the model rates LOW under ConfirmRisky HIGH runs without waiting', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [
          {
            tool_calls: [
              {
                id: 'c1',
                name: 'terminal',
                arguments: { command: 'ls', security_risk: 'LOW', summary: 'list' },
              },
            ],
          },
          { text: 'ok' },
        ],
      },
      confirmationPolicy: { kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true },
      securityAnalyzer: { kind: 'LLMSecurityAnalyzer' },
    });
    const id = await harness.create();
    await harness.say(id, 'list');
    expect(await harness.settled(id)).toBe('finished');
    expect((await harness.kinds(id, 'ActionEvent'))[0]).toMatchObject({
      security_risk: 'LOW',
      summary: 'list',
    });
  });

  it('the pattern analyzer records why it rated a command HIGH', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ tool_calls: [terminalCall('sudo rm -rf /')] }] },
      confirmationPolicy: { kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true },
      securityAnalyzer: { kind: 'PatternSecurityAnalyzer' },
    });
    const id = await harness.create();
    await harness.say(id, 'wipe');
    expect(await harness.settled(id)).toBe('waiting_for_confirmation');
    const action = (await harness.kinds(id, 'ActionEvent'))[0] as Extract<Event, { kind: 'ActionEvent' }>;
    expect(action.security_risk).toBe('HIGH');
    expect(action.risk_reasons?.length).toBeGreaterThan(0);
  });

  it('a stale confirmation (action ids not the pending set) is refused and changes nothing', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ tool_calls: [terminalCall('ls')] }] },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
    });
    const id = await harness.create();
    await harness.say(id, 'list');
    await harness.settled(id);
    const before = (await harness.events(id)).length;
    await expect(
      harness.service.respondToConfirmation(id, {
        accept: true,
        action_ids: ['00000000-0000-4000-8000-0000000fffff'],
      }),
    ).rejects.toThrow(expect.objectContaining({ code: 'stale_confirmation' }));
    expect(await harness.events(id)).toHaveLength(before);
    expect(await harness.status(id)).toBe('waiting_for_confirmation');
  });

  it('a message while waiting rejects the pending actions so the model reads an answer first', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ tool_calls: [terminalCall('ls')] }, { text: 'Sure.' }] },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
    });
    const id = await harness.create();
    await harness.say(id, 'list');
    await harness.settled(id);
    await harness.say(id, 'actually, do something else');
    expect(await harness.settled(id)).toBe('finished');
    expect(await harness.kinds(id, 'UserRejectObservation')).toHaveLength(1);
    const roles = harness.llm.calls[1]?.messages.map((message) => message.role);
    expect(roles?.slice(-3)).toEqual(['assistant', 'tool', 'user']);
    const lastUser = harness.llm.calls[1]?.messages.at(-1);
    expect(lastUser?.role === 'user' && contentText(lastUser.content)).toContain('something else');
  });
});
