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

type StepSlot = Step | { kind: 'unanswered' };

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
  const steps: StepSlot[] = [];
  const unanswered = new Map<string, { event: ActionEvent; index: number }>();
  const answer = (toolCallId: string, result: string, isError: boolean) => {
    const pending = unanswered.get(toolCallId);
    if (!pending) return;
    unanswered.delete(toolCallId);
    const { event, index } = pending;
    steps[index] = { kind: 'call', key: actionKey(event), toolName: event.tool_name, result, isError };
  };
  for (const event of branch.slice(start)) {
    if (event.kind === 'MessageEvent' && event.source === 'agent') steps.push({ kind: 'message' });
    else if (event.kind === 'ActionEvent') {
      unanswered.set(event.tool_call_id, { event, index: steps.length });
      steps.push({ kind: 'unanswered' });
    } else if (event.kind === 'ObservationEvent') {
      answer(event.tool_call_id, contentText(event.observation.content), event.observation.is_error);
    } else if (event.kind === 'AgentErrorEvent') answer(event.tool_call_id, event.error, true);
    else if (event.kind === 'UserRejectObservation')
      answer(event.tool_call_id, event.rejection_reason, false);
  }
  // An unanswered call (pending, or still running) is not a repetition yet.
  return steps.filter((step): step is Step => step.kind !== 'unanswered');
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
