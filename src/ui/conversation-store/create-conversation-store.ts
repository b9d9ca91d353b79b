import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConversationInfo, Event, StreamFrame } from '../api/wire-types';
import { applyStreamFrame } from './apply-stream-frame';
import { applyInfo, applySync } from './apply-sync';
import {
  type ConnectionStatus,
  type ConversationViewState,
  initialConversationViewState,
} from './conversation-view-state';
import { foldDurableEvents } from './fold-durable-events';
import { withActiveBranch } from './with-active-branch';
import { addOptimisticMessage, dropOptimisticMessage, failOptimisticMessage } from './optimistic-messages';

export interface ConversationStoreActions {
  receiveEvents(events: readonly Event[]): void;
  receiveSync(info: ConversationInfo, throughSeq: number): void;
  receiveInfo(info: ConversationInfo): void;
  receiveStreamFrame(frame: StreamFrame): void;
  setConnection(connection: ConnectionStatus): void;
  addOptimisticMessage(clientMessageId: string, text: string): void;
  failOptimisticMessage(clientMessageId: string, error: string): void;
  dropOptimisticMessage(clientMessageId: string): void;
}

export type ConversationStore = ConversationViewState & ConversationStoreActions;

/**
 * One store per open conversation. The actions only bind the pure fold functions of this folder to
 * zustand, and keep the active branch (what the transcript shows) current after each; all the logic
 * lives (and is tested) in those functions.
 */
export function createConversationStore(conversationId: string): StoreApi<ConversationStore> {
  return createStore<ConversationStore>()((set) => {
    const update = (fold: (state: ConversationViewState) => ConversationViewState) =>
      set((state) => {
        const folded = fold(state);
        if (folded === state) return state;
        return { ...state, ...withActiveBranch(state, folded) };
      });
    return {
      ...initialConversationViewState(conversationId),
      receiveEvents: (events) => update((state) => foldDurableEvents(state, events)),
      receiveSync: (info, throughSeq) => update((state) => applySync(state, info, throughSeq)),
      receiveInfo: (info) => update((state) => applyInfo(state, info)),
      receiveStreamFrame: (frame) => update((state) => applyStreamFrame(state, frame)),
      setConnection: (connection) =>
        update((state) => (state.connection === connection ? state : { ...state, connection })),
      addOptimisticMessage: (id, text) => update((state) => addOptimisticMessage(state, id, text)),
      failOptimisticMessage: (id, error) => update((state) => failOptimisticMessage(state, id, error)),
      dropOptimisticMessage: (id) => update((state) => dropOptimisticMessage(state, id)),
    };
  });
}
