import type { ConversationViewState } from './conversation-view-state';

/** Shows a sent message at once, before the runtime has stored it. */
export function addOptimisticMessage(
  state: ConversationViewState,
  clientMessageId: string,
  text: string,
): ConversationViewState {
  const alreadyStored = state.events.some(
    (event) => event.kind === 'MessageEvent' && event.client_message_id === clientMessageId,
  );
  if (alreadyStored || state.optimistic.some((message) => message.clientMessageId === clientMessageId))
    return state;
  return { ...state, optimistic: [...state.optimistic, { clientMessageId, text, state: 'sending' }] };
}

/** The runtime refused the message: it stays visible, marked failed, so the text is not lost. */
export function failOptimisticMessage(
  state: ConversationViewState,
  clientMessageId: string,
  error: string,
): ConversationViewState {
  return {
    ...state,
    optimistic: state.optimistic.map((message) =>
      message.clientMessageId === clientMessageId ? { ...message, state: 'failed', error } : message,
    ),
  };
}

export function dropOptimisticMessage(
  state: ConversationViewState,
  clientMessageId: string,
): ConversationViewState {
  return {
    ...state,
    optimistic: state.optimistic.filter((message) => message.clientMessageId !== clientMessageId),
  };
}
