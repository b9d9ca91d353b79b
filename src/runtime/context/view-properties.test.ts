import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../events';
import {
  actionEvent,
  agentErrorEvent,
  agentMessage,
  condensationEvent,
  hookExecutionEvent,
  linearBranch,
  observationEvent,
  rejectionEvent,
  userMessage,
} from '../events/fixtures/event-builders';
import { cutPoints } from './cut-points';
import { pairAnswers } from '../../event-facts';
import { buildView, EMPTY_VIEW, extendView } from './view';
import { modelMessages } from './model-messages';

type Step =
  | { op: 'user' }
  | { op: 'agent'; response?: number }
  | { op: 'action'; response: number }
  | { op: 'observe' | 'reject' | 'error'; target: number }
  | { op: 'condense'; forget: number[]; summary: boolean; offset: number }
  | { op: 'hook'; target: number; blocked: boolean; onMessage: boolean };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.constantFrom<Step>({ op: 'user' }, { op: 'agent' }),
  // An agent message of a response whose tool calls follow (its text then joins the calls' message).
  fc.record({ op: fc.constant('agent' as const), response: fc.nat(4) }),
  fc.record({ op: fc.constant('action' as const), response: fc.nat(4) }),
  fc.record({
    op: fc.constantFrom('observe' as const, 'reject' as const, 'error' as const),
    target: fc.nat(30),
  }),
  fc.record({
    op: fc.constant('condense' as const),
    forget: fc.array(fc.nat(30), { maxLength: 6 }),
    summary: fc.boolean(),
    offset: fc.nat(8),
  }),
  fc.record({
    op: fc.constant('hook' as const),
    target: fc.nat(30),
    blocked: fc.boolean(),
    onMessage: fc.boolean(),
  }),
);

/** Turns random steps into a log; answers and forgotten ids point at earlier events (modulo). */
function toEvents(steps: readonly Step[]): NewEvent[] {
  const events: NewEvent[] = [];
  const actions: number[] = [];
  const messages: number[] = [];
  steps.forEach((step, index) => {
    const n = index + 1;
    const earlier = (target: number) => (actions.length === 0 ? undefined : actions[target % actions.length]);
    if (step.op === 'user') {
      events.push(userMessage(n, `u${n}`));
      messages.push(n);
    } else if (step.op === 'hook') {
      const target = step.onMessage
        ? messages[step.target % Math.max(1, messages.length)]
        : earlier(step.target);
      if (target === undefined) return;
      events.push(
        hookExecutionEvent(
          n,
          step.onMessage
            ? { messageN: target, blocked: step.blocked }
            : { actionN: target, blocked: step.blocked },
        ),
      );
    } else if (step.op === 'agent')
      events.push(
        agentMessage(n, `a${n}`, step.response === undefined ? {} : { llm_response_id: `r${step.response}` }),
      );
    else if (step.op === 'action') {
      events.push(actionEvent(n, { responseId: `r${step.response}` }));
      actions.push(n);
    } else if (step.op === 'condense') {
      const forget = step.forget.filter((target) => target < n).map((target) => target + 1);
      events.push(
        condensationEvent(n, forget, step.summary ? { text: `S${n}`, offset: step.offset } : undefined),
      );
    } else {
      const action = earlier(step.target);
      if (action === undefined) return;
      if (step.op === 'observe') events.push(observationEvent(n, action));
      else if (step.op === 'reject') events.push(rejectionEvent(n, action, 'no'));
      else events.push(agentErrorEvent(n, `call_${action}`, 'failed'));
    }
  });
  return events;
}

describe('view properties', () => {
  it('a run of steps asked for its messages only now and then still gets the whole list', () => {
    const steps: NewEvent[] = [userMessage(1, 'go')];
    for (let n = 2; n < 40; n += 2) {
      steps.push(actionEvent(n, { responseId: `r${n}` }), observationEvent(n + 1, n));
    }
    const branch = linearBranch(steps);
    let view = EMPTY_VIEW;
    branch.forEach((event, index) => {
      view = extendView(view, event);
      // Every fifth view: two or more steps grew in between, none of them asked.
      if (index % 5 === 0 || index === branch.length - 1)
        expect(modelMessages(view)).toEqual(modelMessages(buildView(branch.slice(0, index + 1))));
    });
  });

  it('extending one event at a time always equals rebuilding, and the result is consistent (hook runs included)', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { maxLength: 40 }), (steps) => {
        const branch = linearBranch(toEvents(steps));
        let view = EMPTY_VIEW;
        branch.forEach((event, index) => {
          view = extendView(view, event);
          // The messages of a view that grew from an earlier one extend that one's: still the same list.
          // Asked for at every third view only, as a run asks once a step, between an action and its answer.
          if (index % 3 === 2 || index === branch.length - 1)
            expect(modelMessages(view)).toEqual(modelMessages(buildView(branch.slice(0, index + 1))));
        });
        const rebuilt = buildView(branch);
        expect(view.items).toEqual(rebuilt.items);
        // The appends that skip the pass over the branch leave it exactly as rebuilding states it.
        expect(view.tail).toEqual(rebuilt.tail);
        // A message a UserPromptSubmit hook blocked never reaches the model.
        const blocked = branch.flatMap((event) =>
          event.kind === 'HookExecutionEvent' && event.blocked && event.message_id ? [event.message_id] : [],
        );
        for (const item of rebuilt.items) expect(blocked).not.toContain(item.id);

        const { answerOf, actionOf } = pairAnswers(rebuilt.items);
        for (const item of rebuilt.items) {
          if (item.kind === 'ActionEvent') expect(answerOf.has(item.id)).toBe(true);
          if (
            item.kind === 'ObservationEvent' ||
            item.kind === 'UserRejectObservation' ||
            item.kind === 'AgentErrorEvent'
          ) {
            expect(actionOf.has(item.id)).toBe(true);
          }
        }
        const points = cutPoints(rebuilt.items);
        expect(points[0]).toBe(0);
        expect(points.at(-1)).toBe(rebuilt.items.length);
      }),
      { numRuns: 300 },
    );
  });
});
