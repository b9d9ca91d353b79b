import { modelMessages } from '../context/model-messages';
import type { View } from '../context/view';
import type { Event, ToolSpec } from '../events';
import { type ChatMessage, type LLM, LLMError } from '../llm/llm';

const ANSWER_MAX_TOKENS = 2_000;

/**
 * Upstream's `ask_agent`: one model call over the conversation's current context (the same projection
 * an agent step sends) plus the question, asking for text only. The tools the conversation offered are
 * described again, because providers refuse a history of tool calls without them, but nothing the
 * model calls is executed. Records nothing and changes no state. Rejects with the model's LLMError; a
 * reply with no text is an LLMError `bad_response`.
 */
export async function askAgent(
  context: { view: View; branch: readonly Event[] },
  question: string,
  llm: LLM,
): Promise<string> {
  const messages: ChatMessage[] = [
    ...modelMessages(context.view),
    { role: 'user', content: [{ type: 'text', text: sideQuestion(question) }] },
  ];
  const response = await llm.complete({
    messages,
    tools: offeredTools(context.branch),
    maxOutputTokens: ANSWER_MAX_TOKENS,
    purpose: 'side_question',
  });
  const text = response.text.trim();
  if (text === '') throw new LLMError('bad_response', 'The model answered without any text.');
  return response.text;
}

function sideQuestion(question: string): string {
  return [
    'A side question about this conversation. Answer it from what has happened so far.',
    'Reply in plain text: do not call any tool, and do not continue the task.',
    '',
    `Question: ${question}`,
  ].join('\n');
}

/** The tool specs of the latest system prompt on the branch: what the model was offered. */
function offeredTools(branch: readonly Event[]): ToolSpec[] {
  const prompt = branch.findLast((event) => event.kind === 'SystemPromptEvent');
  return prompt?.kind === 'SystemPromptEvent' ? prompt.tools : [];
}
