import { budgetPause } from '../../event-facts';
import { type Event, type ExecutionStatus, type TaskObservation, textContent } from '../events';
import { cutMiddle } from '../tools/terminal/cut-middle';
import { agentFinalResponse } from './agent-final-response';

/** What the parent reads of a child's answer at most; the whole answer stays in the child conversation. */
export const MAX_SUB_AGENT_ANSWER_CHARACTERS = 20_000;

/**
 * What the parent's `task` call answers once its child stopped running: the child's final answer when
 * it finished, else why it ended (stopped, paused, a budget, its iteration limit or another error,
 * stuck, every action rejected), each with the child's id so the model can name it. Pure.
 */
export function subAgentOutcome(
  child: { id: string; status: ExecutionStatus; branch: readonly Event[] },
  options: { subagent: string; stopped: boolean },
): TaskObservation {
  const answer = (status: string, text: string, isError: boolean): TaskObservation => ({
    kind: 'TaskObservation',
    content: [textContent(text)],
    is_error: isError,
    task_id: child.id,
    subagent: options.subagent,
    status,
  });
  if (options.stopped)
    return answer('stopped', `The sub-agent (conversation ${child.id}) was stopped with your run.`, true);
  switch (child.status) {
    case 'finished':
      return answer('completed', boundedAnswer(agentFinalResponse(child.branch), child.id), false);
    case 'paused': {
      const budget = budgetPause(child.branch, child.status);
      return budget
        ? answer('budget', `The sub-agent (conversation ${child.id}) stopped: ${budget.detail}`, true)
        : answer(
            'paused',
            `The sub-agent (conversation ${child.id}) was paused by the person before it finished.`,
            true,
          );
    }
    case 'stuck':
      return answer(
        'stuck',
        `The sub-agent (conversation ${child.id}) got stuck repeating itself and stopped.`,
        true,
      );
    case 'error':
      return answer(
        'error',
        `The sub-agent (conversation ${child.id}) stopped with an error: ${lastError(child.branch)}`,
        true,
      );
    default:
      return answer(
        'ended',
        `The sub-agent (conversation ${child.id}) ended without an answer (its actions were rejected).`,
        true,
      );
  }
}

function boundedAnswer(text: string, childId: string): string {
  if (text.trim() === '') return `The sub-agent (conversation ${childId}) finished without a message.`;
  const cut = cutMiddle(text, MAX_SUB_AGENT_ANSWER_CHARACTERS);
  if (cut === undefined) return text;
  return `${cut.head}\n[... ${cut.cutCharacters} characters cut from the middle; the whole answer is in conversation ${childId} ...]\n${cut.tail}`;
}

function lastError(branch: readonly Event[]): string {
  for (let index = branch.length - 1; index >= 0; index--) {
    const event = branch[index];
    if (event?.kind === 'ConversationErrorEvent') return `${event.code}: ${event.detail}`;
  }
  return 'unknown';
}
