import { describe, expect, it } from 'vitest';
import type { Event } from '../events';
import { MAX_SUB_AGENT_ANSWER_CHARACTERS, subAgentOutcome } from './sub-agent-outcome';

const CHILD = '00000000-0000-4000-8000-0000000000c1';
const stamp = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  seq: n,
  timestamp: '2025-01-01T00:00:00.000Z',
});

function agentSays(text: string): Event {
  return {
    kind: 'MessageEvent',
    ...stamp(1),
    source: 'agent',
    llm_message: { role: 'assistant', content: [{ type: 'text', text }] },
    extended_content: [],
  } as Event;
}

const text = (observation: ReturnType<typeof subAgentOutcome>) =>
  observation.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('subAgentOutcome', () => {
  it('answers a long final answer cut in the middle, naming the child that holds all of it', () => {
    const answer = `start ${'x'.repeat(100_000)} end`;
    const outcome = subAgentOutcome(
      { id: CHILD, status: 'finished', branch: [agentSays(answer)] },
      { subagent: 'general-purpose', stopped: false },
    );
    expect(outcome).toMatchObject({ status: 'completed', is_error: false, task_id: CHILD });
    expect(text(outcome).length).toBeLessThan(MAX_SUB_AGENT_ANSWER_CHARACTERS + 500);
    expect(text(outcome)).toMatch(/^start /);
    expect(text(outcome)).toMatch(/ end$/);
    expect(text(outcome)).toContain(`the whole answer is in conversation ${CHILD}`);
  });

  it('says why a child ended without an answer', () => {
    const ended = (status: 'error' | 'stuck' | 'paused' | 'idle', stopped = false) =>
      subAgentOutcome({ id: CHILD, status, branch: [] }, { subagent: 'general-purpose', stopped });
    expect(ended('error')).toMatchObject({ status: 'error', is_error: true });
    expect(ended('stuck')).toMatchObject({ status: 'stuck', is_error: true });
    expect(ended('paused')).toMatchObject({ status: 'paused', is_error: true });
    expect(ended('idle')).toMatchObject({ status: 'ended', is_error: true });
    expect(ended('paused', true)).toMatchObject({ status: 'stopped', is_error: true });
    expect(
      text(subAgentOutcome({ id: CHILD, status: 'finished', branch: [] }, { subagent: 'x', stopped: false })),
    ).toMatch(/finished without a message/);
  });
});
