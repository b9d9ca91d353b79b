import {
  type ActionEvent,
  type Content,
  contentText,
  type FilesRestoredEvent,
  type MessageEvent,
} from '../events';
import type { ChatMessage } from '../llm/llm';
import { SECRET_PLACEHOLDER_PATTERN } from '../secrets/secret-placeholder';
import type { ToolAnswer, ViewItem } from './view-item';

type AssistantMessage = Extract<ChatMessage, { role: 'assistant' }>;

/**
 * Turns view items into the messages sent to the model:
 * - a system prompt event becomes two system messages: the static part (marked `stable`, the cacheable
 *   prefix), then the dynamic context;
 * - adjacent user messages (and condensation summaries, which read as user text) merge into one;
 * - actions sharing an `llm_response_id` become one assistant message with several tool calls, its text
 *   the first action's thought, after the agent message of that response when there is one;
 * - every answer becomes a `tool` message: a rejection reads "Action rejected: <reason>", an error
 *   starts with a line saying an error occurred.
 * - a files restore becomes a short user-role environment note listing the files put back;
 * Messages that arrive while a batch still waits for answers (a person typing during a confirmation)
 * are held back until after the batch's tool messages, because providers refuse anything between an
 * assistant's tool calls and their results.
 */
export function eventsToMessages(items: readonly ViewItem[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  let held: ChatMessage[] = [];
  const awaiting = new Set<string>();
  let batch = null as { responseId: string; message: AssistantMessage } | null;
  let agentText = null as { responseId: string; message: AssistantMessage } | null;

  const emit = (message: ChatMessage) => {
    if (awaiting.size > 0) held.push(message);
    else pushMerging(messages, message);
  };

  for (const item of items) {
    if (item.kind === 'ActionEvent') {
      if (batch?.responseId === item.llm_response_id) {
        batch.message.tool_calls.push(item.tool_call);
      } else {
        const message = assistantFor(item);
        if (agentText?.responseId === item.llm_response_id && messages.at(-1) === agentText.message) {
          messages.pop();
          message.content = [agentText.message.content, message.content]
            .filter((text) => text !== '')
            .join('\n');
        }
        messages.push(message);
        batch = { responseId: item.llm_response_id, message };
      }
      awaiting.add(item.tool_call_id);
      agentText = null;
      continue;
    }
    batch = null;
    agentText = null;
    if (
      item.kind === 'ObservationEvent' ||
      item.kind === 'UserRejectObservation' ||
      item.kind === 'AgentErrorEvent'
    ) {
      messages.push(toolMessage(item));
      awaiting.delete(item.tool_call_id);
      if (awaiting.size === 0) {
        for (const message of held) pushMerging(messages, message);
        held = [];
      }
    } else if (item.kind === 'CondensationSummary') {
      emit({ role: 'user', content: [{ type: 'text', text: item.summary }] });
    } else if (item.kind === 'FilesRestoredEvent') {
      emit({ role: 'user', content: [{ type: 'text', text: filesRestoredNote(item) }] });
    } else if (item.kind === 'SystemPromptEvent') {
      emit({ role: 'system', content: item.system_prompt.text, stable: true });
      if (item.dynamic_context) emit({ role: 'system', content: item.dynamic_context.text });
    } else {
      const message = messageFor(item);
      emit(message);
      if (message.role === 'assistant' && item.llm_response_id !== undefined && awaiting.size === 0) {
        agentText = { responseId: item.llm_response_id, message };
      }
    }
  }
  for (const message of held) pushMerging(messages, message);
  return messages;
}

function assistantFor(action: ActionEvent): AssistantMessage {
  // The signature goes back only while it still covers exactly the reasoning text: one block, equal to
  // `reasoning_content`, not altered by secret redaction (the provider refuses a changed block).
  const [block, ...others] = action.thinking_blocks ?? [];
  const signed =
    block !== undefined &&
    others.length === 0 &&
    block.thinking === action.reasoning_content &&
    !new RegExp(SECRET_PLACEHOLDER_PATTERN.source).test(block.thinking);
  return {
    role: 'assistant',
    content: action.thought.map((thought) => thought.text).join('\n'),
    tool_calls: [action.tool_call],
    ...(action.reasoning_content === undefined ? {} : { reasoning: action.reasoning_content }),
    ...(signed ? { reasoning_signature: block.signature } : {}),
  };
}

function messageFor(event: MessageEvent): ChatMessage {
  const content: Content[] = [...event.llm_message.content, ...event.extended_content];
  switch (event.llm_message.role) {
    case 'system':
      return { role: 'system', content: contentText(content) };
    case 'user':
      return { role: 'user', content };
    default:
      // 'assistant', and 'tool' which only answers a call and has no place in a free message.
      return { role: 'assistant', content: contentText(content), tool_calls: [] };
  }
}

function toolMessage(answer: ToolAnswer): ChatMessage {
  const base = { role: 'tool' as const, tool_call_id: answer.tool_call_id, tool_name: answer.tool_name };
  switch (answer.kind) {
    case 'UserRejectObservation':
      return { ...base, content: `Action rejected: ${answer.rejection_reason}` };
    case 'AgentErrorEvent':
      return {
        ...base,
        content: `An error occurred while calling the tool ${answer.tool_name}.\n${answer.error}`,
      };
    case 'ObservationEvent': {
      const text = contentText(answer.observation.content);
      const error = `An error occurred while running the tool ${answer.tool_name}.\n`;
      return { ...base, content: answer.observation.is_error ? `${error}${text}` : text };
    }
  }
}

const NOTE_FILE_LIMIT = 20;

/** What the model reads of a restore: which files changed under it, so it does not trust its memory of them. */
export function filesRestoredNote(event: FilesRestoredEvent): string {
  const shown = event.files.slice(0, NOTE_FILE_LIMIT).map((file) => {
    // `files` goes from the state before the restore to the checkpoint's.
    const action =
      file.status === 'added' ? 'brought back' : file.status === 'deleted' ? 'removed' : 'put back';
    return `- ${file.path} (${action})`;
  });
  const more = event.files.length - shown.length;
  const list =
    event.files.length === 0
      ? 'No file changed.'
      : [...shown, ...(more > 0 ? [`- and ${more} more`] : [])].join('\n');
  return `[Environment] The person restored the workspace's files to an earlier checkpoint (${event.checkpoint_id.slice(0, 12)}). Files may differ from what you last saw; read them again before editing.\n${list}`;
}

/** Appends, merging a user message into a directly preceding user message (content blocks in order). */
function pushMerging(messages: ChatMessage[], message: ChatMessage): void {
  const previous = messages.at(-1);
  if (previous?.role === 'user' && message.role === 'user') {
    messages[messages.length - 1] = { role: 'user', content: [...previous.content, ...message.content] };
    return;
  }
  messages.push(message);
}
