import type { AgentContext } from '../agent/agent-context';

/**
 * Appends what a hook tells the model as an environment message in the user's role (the model reads
 * it as the next thing said; the person sees it came from the environment, not from them).
 */
export async function appendHookNote(
  context: Pick<AgentContext, 'append' | 'newId' | 'now'>,
  text: string,
): Promise<void> {
  await context.append({
    kind: 'MessageEvent',
    id: context.newId(),
    timestamp: context.now(),
    source: 'environment',
    llm_message: { role: 'user', content: [{ type: 'text', text }] },
    extended_content: [],
  });
}
