import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actionOutcomes, isAnswered } from './action-outcomes';
import { pairAnswers } from './pair-answers';
import { pendingActions } from './pending-actions';
import { isAnswer } from './rule-events';
import { type LogStep, logFromSteps, type TestEvent } from './testing/rule-log';

const CALLS = 3;
const stepArbitrary: fc.Arbitrary<LogStep> = fc.oneof(
  fc.record({ op: fc.constant('action' as const), call: fc.nat(CALLS - 1), executable: fc.boolean() }),
  fc.record({
    op: fc.constantFrom('observe' as const, 'reject' as const, 'decide' as const),
    target: fc.nat(9),
  }),
  fc.record({ op: fc.constant('error' as const), call: fc.nat(CALLS) }),
  fc.record({ op: fc.constant('message' as const) }),
  fc.record({ op: fc.constant('status' as const), value: fc.constantFrom('running', 'idle', 'paused') }),
);
const logArbitrary = fc.array(stepArbitrary, { maxLength: 40 }).map(logFromSteps);

/**
 * The rule read literally, slowly: each answer, in log order, ends the first earlier action that it
 * can name (by action_id, or by tool_call_id for an agent error) and that nothing ended yet.
 */
function referencePairs(events: readonly TestEvent[]): Map<string, string> {
  const actionOfAnswer = new Map<string, string>();
  const ended = new Set<string>();
  events.forEach((answer, index) => {
    if (
      answer.kind !== 'ObservationEvent' &&
      answer.kind !== 'UserRejectObservation' &&
      answer.kind !== 'AgentErrorEvent'
    )
      return;
    const action = events
      .slice(0, index)
      .find(
        (event) =>
          event.kind === 'ActionEvent' &&
          !ended.has(event.id) &&
          (answer.kind === 'AgentErrorEvent'
            ? event.tool_call_id === answer.tool_call_id
            : event.id === answer.action_id),
      );
    if (!action) return;
    ended.add(action.id);
    actionOfAnswer.set(answer.id, action.id);
  });
  return actionOfAnswer;
}

const ids = (events: readonly { id: string }[]) => events.map((event) => event.id);

describe('pairAnswers', () => {
  it('pairs exactly as the rule reads: each answer ends the earliest open earlier action it names', () => {
    fc.assert(
      fc.property(logArbitrary, (events) => {
        const { answerOf, actionOf, unpaired } = pairAnswers(events);
        const expected = referencePairs(events);
        expect(new Map([...actionOf].map(([answer, action]) => [answer, action.id]))).toEqual(expected);
        expect(new Map([...answerOf].map(([action, answer]) => [answer.id, action]))).toEqual(expected);
        const answers = events.filter(isAnswer);
        expect([...unpaired].sort()).toEqual(
          ids(answers.filter((answer) => !expected.has(answer.id))).sort(),
        );
      }),
    );
  });

  it('answers repeated calls with one id in call order, as providers expect the results', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.nat(3), (calls, extraErrors) => {
        const steps: LogStep[] = [
          ...Array.from({ length: calls }, () => ({ op: 'action' as const, call: 0, executable: true })),
          ...Array.from({ length: calls + extraErrors }, () => ({ op: 'error' as const, call: 0 })),
        ];
        const events = logFromSteps(steps);
        const { actionOf, unpaired } = pairAnswers(events);
        const actions = events.slice(0, calls);
        const errors = events.slice(calls);
        errors.slice(0, calls).forEach((error, index) => {
          expect(actionOf.get(error.id)?.id).toBe(actions[index]?.id);
        });
        expect([...unpaired]).toEqual(ids(errors.slice(calls)));
      }),
    );
  });

  it('an agent error ends the oldest open call with a reused id, not the latest (the UI once chose the latest)', () => {
    const events = logFromSteps([
      { op: 'action', call: 0, executable: true },
      { op: 'message' },
      { op: 'action', call: 0, executable: true },
      { op: 'error', call: 0 },
    ]);
    expect(pairAnswers(events).actionOf.get('e3')?.id).toBe('e0');
    expect(ids(pendingActions(events))).toEqual(['e2']);
    const { outcomes } = actionOutcomes(events);
    expect(outcomes.get('e0')?.errors.map((error) => error.id)).toEqual(['e3']);
    expect(outcomes.get('e2')?.errors).toEqual([]);
  });

  it('an answer before its action, or a second answer, ends nothing', () => {
    const events = logFromSteps([
      { op: 'error', call: 0 },
      { op: 'action', call: 0, executable: true },
      { op: 'observe', target: 0 },
      { op: 'reject', target: 0 },
      { op: 'error', call: 0 },
    ]);
    const { actionOf, unpaired } = pairAnswers(events);
    expect([...actionOf.keys()]).toEqual(['e2']);
    expect([...unpaired]).toEqual(['e0', 'e3', 'e4']);
  });
});

describe('the runtime and the UI read the same pairing', () => {
  it('pending actions (runtime, approval dialog) are the executable actions whose card (UI) shows no answer', () => {
    fc.assert(
      fc.property(logArbitrary, (events) => {
        const { answerOf } = pairAnswers(events);
        const { outcomes, orphans } = actionOutcomes(events);
        const pending = ids(pendingActions(events));
        for (const event of events) {
          if (event.kind !== 'ActionEvent') continue;
          const outcome = outcomes.get(event.id);
          expect(isAnswered(outcome)).toBe(answerOf.has(event.id));
          const shown = [outcome?.observation, outcome?.rejection, ...(outcome?.errors ?? [])].filter(
            Boolean,
          );
          expect(shown).toEqual(answerOf.has(event.id) ? [answerOf.get(event.id)] : []);
          expect(pending.includes(event.id)).toBe(event.action !== null && !answerOf.has(event.id));
        }
        expect(orphans).toEqual(pairAnswers(events).unpaired);
      }),
    );
  });

  it('decisions annotate the action they name when it came before them, in log order', () => {
    const events = logFromSteps([
      { op: 'decide', target: 0 },
      { op: 'action', call: 0, executable: true },
      { op: 'decide', target: 0 },
      { op: 'decide', target: 0 },
    ]);
    expect(
      actionOutcomes(events)
        .outcomes.get('e1')
        ?.decisions.map((decision) => decision.id),
    ).toEqual(['e2', 'e3']);
  });
});
