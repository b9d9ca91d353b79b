import type { AgentContext } from '../agent/agent-context';
import type { Event, MessageEvent } from '../events';
import { appendHookNote } from './append-hook-note';

/**
 * Before a step: the SessionStart hooks once per conversation (their context becomes an environment
 * message), then the UserPromptSubmit hooks for each person's message the model has not answered yet
 * and no hook has seen. A blocked message is hidden from the model (the view drops it) and the run
 * stops with the reason; a hook's context follows the message. Never throws.
 */
export async function runPromptHooks(context: AgentContext): Promise<{ blocked: string } | undefined> {
  const hooks = context.hooks;
  if (!hooks) return undefined;
  if (hooks.has('SessionStart') && !context.branch().some(isSessionStartRun)) {
    const outcome = await hooks.run({ event_type: 'SessionStart' }, context.signal);
    await note(context, 'SessionStart', outcome.contexts);
  }
  if (!hooks.has('UserPromptSubmit')) return undefined;
  for (const message of unseenMessages(context.branch())) {
    if (context.signal.aborted) return undefined;
    const outcome = await hooks.run(
      { event_type: 'UserPromptSubmit', message: messageText(message), message_id: message.id },
      context.signal,
    );
    if (outcome.blocked) return { blocked: outcome.reason ?? 'Blocked by hook' };
    await note(context, 'UserPromptSubmit', outcome.contexts);
  }
  return undefined;
}

function isSessionStartRun(event: Event): boolean {
  return event.kind === 'HookExecutionEvent' && event.hook_event_type === 'SessionStart';
}

/** The person's messages after the agent's last turn that no UserPromptSubmit hook has run for, oldest first. */
function unseenMessages(branch: readonly Event[]): MessageEvent[] {
  const seen = new Set<string>();
  const unseen: MessageEvent[] = [];
  for (let index = branch.length - 1; index >= 0; index--) {
    const event = branch[index];
    if (!event || event.source === 'agent') break;
    if (event.kind === 'HookExecutionEvent' && event.message_id) seen.add(event.message_id);
    if (event.kind === 'MessageEvent' && event.source === 'user' && !seen.has(event.id))
      unseen.unshift(event);
  }
  return unseen;
}

function messageText(message: MessageEvent): string {
  return message.llm_message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
}

async function note(context: AgentContext, hookEvent: string, contexts: readonly string[]): Promise<void> {
  if (contexts.length === 0) return;
  await appendHookNote(context, `${hookEvent} hook: ${contexts.join('\n')}`);
}
