import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastStateUpdate, statusFromEvents } from './execution-status';
import { type LogStep, logFromSteps } from './testing/rule-log';

const STATUSES = ['idle', 'running', 'paused'] as const;
type Status = (typeof STATUSES)[number];
const isStatus = (value: unknown): value is Status => STATUSES.some((status) => status === value);

describe('statusFromEvents', () => {
  it('is the status a fold of the state updates ends on, at any point of the log', () => {
    const stepArbitrary: fc.Arbitrary<LogStep> = fc.oneof(
      fc.record({ op: fc.constant('message' as const) }),
      fc.record({
        op: fc.constant('status' as const),
        value: fc.constantFrom(...STATUSES, 'from_the_future'),
      }),
    );
    fc.assert(
      fc.property(fc.array(stepArbitrary, { maxLength: 20 }), fc.nat(20), (steps, end) => {
        const events = logFromSteps(steps);
        let folded: Status | undefined;
        for (const event of events.slice(0, end)) {
          if (event.kind === 'ConversationStateUpdateEvent' && isStatus(event.value)) folded = event.value;
        }
        expect(statusFromEvents(events, isStatus, end)).toBe(folded);
      }),
    );
  });

  it('skips a status it does not know and other keys', () => {
    const events = [
      { kind: 'ConversationStateUpdateEvent', id: 'a', key: 'execution_status', value: 'running' },
      { kind: 'ConversationStateUpdateEvent', id: 'b', key: 'execution_status', value: 'from_the_future' },
      { kind: 'ConversationStateUpdateEvent', id: 'c', key: 'title', value: 'idle' },
    ];
    expect(statusFromEvents(events, isStatus)).toBe('running');
    expect(statusFromEvents(events, isStatus, 0)).toBeUndefined();
    expect(lastStateUpdate(events, 'execution_status')?.id).toBe('b');
    expect(lastStateUpdate(events, 'execution_status', 1)?.id).toBe('a');
    expect(lastStateUpdate(events, 'stats')).toBeUndefined();
  });
});
