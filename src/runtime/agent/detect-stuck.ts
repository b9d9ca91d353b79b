import { pairAnswers } from '../../event-facts';
import { type ActionEvent, contentText, type Event } from '../events';

export type StuckVerdict =
  | { kind: 'ok' }
  /** Tell the model, once, that it is repeating itself. */
  | { kind: 'nudge'; message: string }
  | { kind: 'stuck'; reason: string };

/** One turn of the agent after the last user message, reduced to what repetition is judged on. */
type Step =
  | { kind: 'call'; key: string; toolName: string; result: string; isError: boolean }
  | { kind: 'message' };

const REPEATED_PAIRS = 4;
const REPEATED_ERRORS_NUDGE = 3;
const REPEATED_ERRORS_STUCK = 4;
const MONOLOGUE = 3;
const ALTERNATING = 6;

/**
 * Pure: is the agent going round in circles? Only events after the last user message count, so a new
 * message from the person always clears it. Environment nudges and bookkeeping events are ignored.
 */
export function detectStuck(branch: readonly Event[]): StuckVerdict {
  const steps = stepsSinceLastUserMessage(branch);
  const errorStreak = tailRepeats(steps, (step) => step.kind === 'call' && step.isError);
  const last = steps.at(-1);
  if (errorStreak >= REPEATED_ERRORS_STUCK) {
    return {
      kind: 'stuck',
      reason: `The same tool call failed ${errorStreak} times in a row with the same error.`,
    };
  }
  if (tailRepeats(steps, (step) => step.kind === 'call') >= REPEATED_PAIRS) {
    return {
      kind: 'stuck',
      reason: `The same tool call was repeated ${REPEATED_PAIRS} times with the same result.`,
    };
  }
  if (countTail(steps, (step) => step.kind === 'message') >= MONOLOGUE) {
    return { kind: 'stuck', reason: `The agent sent ${MONOLOGUE} messages in a row without using a tool.` };
  }
  if (isAlternating(steps)) {
    return {
      kind: 'stuck',
      reason: 'The agent keeps alternating between the same two tool calls with the same results.',
    };
  }
  if (errorStreak === REPEATED_ERRORS_NUDGE && last?.kind === 'call') {
    return {
      kind: 'nudge',
      message: `You have called ${last.toolName} with the same arguments ${REPEATED_ERRORS_NUDGE} times and got the same error each time. Do not repeat it: read the error, then try a different approach or ask the person for help.`,
    };
  }
  return { kind: 'ok' };
}

function stepsSinceLastUserMessage(branch: readonly Event[]): Step[] {
  let start = 0;
  branch.forEach((event, index) => {
    if (event.kind === 'MessageEvent' && event.source === 'user') start = index + 1;
  });
  const turns = branch.slice(start);
  // The one pairing rule (src/event-facts): the same answer the model was shown for each call.
  const { answerOf } = pairAnswers(turns);
  const steps: Step[] = [];
  for (const event of turns) {
    if (event.kind === 'MessageEvent' && event.source === 'agent') steps.push({ kind: 'message' });
    if (event.kind !== 'ActionEvent') continue;
    // An unanswered call (pending, or still running) is not a repetition yet.
    const answer = answerOf.get(event.id);
    if (!answer) continue;
    const call = { kind: 'call' as const, key: actionKey(event), toolName: event.tool_name };
    if (answer.kind === 'ObservationEvent') {
      steps.push({
        ...call,
        result: contentText(answer.observation.content),
        isError: answer.observation.is_error,
      });
    } else if (answer.kind === 'AgentErrorEvent')
      steps.push({ ...call, result: answer.error, isError: true });
    else if (answer.kind === 'UserRejectObservation')
      steps.push({ ...call, result: answer.rejection_reason, isError: false });
  }
  return steps;
}

function actionKey(event: ActionEvent): string {
  return `${event.tool_name}\u0000${event.action ? JSON.stringify(event.action) : event.tool_call.arguments}`;
}

function sameCall(a: Step | undefined, b: Step | undefined): boolean {
  return a?.kind === 'call' && b?.kind === 'call' && a.key === b.key && a.result === b.result;
}

/** How many of the last steps are the same call with the same result, all matching `accept`. */
function tailRepeats(steps: readonly Step[], accept: (step: Step) => boolean): number {
  const last = steps.at(-1);
  if (!last || !accept(last)) return 0;
  let count = 0;
  for (let index = steps.length - 1; index >= 0 && sameCall(steps[index], last) && accept(last); index--)
    count++;
  return count;
}

function countTail(steps: readonly Step[], accept: (step: Step) => boolean): number {
  let count = 0;
  for (let index = steps.length - 1; index >= 0 && accept(steps[index] as Step); index--) count++;
  return count;
}

function isAlternating(steps: readonly Step[]): boolean {
  if (steps.length < ALTERNATING) return false;
  const tail = steps.slice(-ALTERNATING);
  const [first, second] = tail;
  if (first?.kind !== 'call' || second?.kind !== 'call' || sameCall(first, second)) return false;
  return tail.every((step, index) => sameCall(step, index % 2 === 0 ? first : second));
}
