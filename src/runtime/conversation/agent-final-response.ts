import type { Event } from '../events';

/**
 * Upstream's `get_agent_final_response` over the active branch: the message of the latest `finish`
 * call, or the text of the latest agent message, whichever comes last; "" when there is none. A
 * finish call that could not be parsed ends the search with "" (as upstream's does).
 */
export function agentFinalResponse(branch: readonly Event[]): string {
  for (let index = branch.length - 1; index >= 0; index--) {
    const event = branch[index];
    if (event?.kind === 'ActionEvent' && event.source === 'agent' && event.tool_name === 'finish') {
      return event.action?.kind === 'FinishAction' ? event.action.message : '';
    }
    if (event?.kind === 'MessageEvent' && event.source === 'agent') {
      return event.llm_message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    }
  }
  return '';
}
