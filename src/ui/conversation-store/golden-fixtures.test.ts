/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ConversationInfo, Event } from '../api/wire-types';
import { applySync } from './apply-sync';
import { initialConversationViewState } from './conversation-view-state';
import { foldDurableEvents } from './fold-durable-events';
import { pendingActions } from '../../event-facts';
import { transcriptRows } from './transcript-rows';

/**
 * The runtime's golden event logs, read as JSON files (never as runtime imports): the UI's fold must
 * agree with the runtime on the final status and pending actions, whatever the batching or replay.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const conversationDir = join(repoRoot, 'src/runtime/conversation/fixtures');
const eventDir = join(repoRoot, 'src/runtime/events/fixtures');

interface GoldenConversation {
  scenario: string;
  conversation: ConversationInfo;
  events: Event[];
}

const jsonFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
const goldens: GoldenConversation[] = jsonFiles(conversationDir).map((name) =>
  JSON.parse(readFileSync(join(conversationDir, name), 'utf8')),
);

/** The state right after the socket's sync on an empty log: the info as created. */
function freshState(golden: GoldenConversation) {
  const created: ConversationInfo = {
    ...golden.conversation,
    execution_status: 'idle',
    last_seq: -1,
    pending_action_ids: [],
  };
  return applySync(initialConversationViewState(golden.conversation.id), created, -1);
}

describe('golden conversation fixtures', () => {
  it('are present', () => {
    expect(goldens.length).toBeGreaterThan(0);
  });

  for (const golden of goldens) {
    describe(golden.scenario, () => {
      it('folds to the status and pending actions the runtime recorded', () => {
        const state = foldDurableEvents(freshState(golden), golden.events);
        expect(state.info?.execution_status).toBe(golden.conversation.execution_status);
        expect(pendingActions(state.events).map((action) => action.id)).toEqual(
          golden.conversation.pending_action_ids,
        );
      });

      it('gives the same state one by one, in reverse, and with every event repeated', () => {
        const atOnce = foldDurableEvents(freshState(golden), golden.events);
        const oneByOne = golden.events.reduce(
          (state, event) => foldDurableEvents(state, [event, event]),
          freshState(golden),
        );
        const reversed = foldDurableEvents(freshState(golden), [...golden.events].reverse());
        expect(oneByOne.events).toEqual(atOnce.events);
        expect(oneByOne.info).toEqual(atOnce.info);
        expect(reversed.events).toEqual(atOnce.events);
      });

      it('survives a reconnect at any point: replay after the cursor gives the same transcript', () => {
        const expected = foldDurableEvents(freshState(golden), golden.events);
        for (let cut = 0; cut <= golden.events.length; cut++) {
          const before = foldDurableEvents(freshState(golden), golden.events.slice(0, cut));
          // The runtime's sync describes the state as of the last event; replay resends from the cursor.
          const synced = applySync(
            before,
            expected.info ?? golden.conversation,
            golden.events.at(-1)?.seq ?? -1,
          );
          const after = foldDurableEvents(synced, golden.events.slice(Math.max(0, cut - 1)));
          expect(after.events).toEqual(expected.events);
          expect(after.info?.execution_status).toBe(golden.conversation.execution_status);
        }
      });

      it('shows every visible event exactly once', () => {
        const state = foldDurableEvents(freshState(golden), golden.events);
        const rows = transcriptRows({ ...state, status: state.info?.execution_status });
        const keys = rows.map((row) => row.key);
        expect(new Set(keys).size).toBe(keys.length);
        const actions = golden.events.filter((event) => event.kind === 'ActionEvent');
        expect(rows.filter((row) => row.type === 'action')).toHaveLength(actions.length);
      });
    });
  }

  it('open the approval dialog while a confirmation is pending, for the action that waits', () => {
    const golden = goldens.find((candidate) => candidate.scenario === 'confirmation-rejected');
    expect(golden).toBeDefined();
    if (!golden) return;
    const waitIndex = golden.events.findIndex(
      (event) => event.kind === 'ConversationStateUpdateEvent' && event.value === 'waiting_for_confirmation',
    );
    const state = foldDurableEvents(freshState(golden), golden.events.slice(0, waitIndex + 1));
    expect(state.info?.execution_status).toBe('waiting_for_confirmation');
    const waiting = pendingActions(state.events);
    expect(waiting.map((action) => action.kind)).toEqual(['ActionEvent']);
    const rows = transcriptRows({ ...state, status: state.info?.execution_status });
    expect(rows.find((row) => row.type === 'action' && row.phase === 'awaiting-approval')).toBeDefined();
  });
});

describe('golden event fixtures', () => {
  const events: Event[] = jsonFiles(eventDir).map((name) =>
    JSON.parse(readFileSync(join(eventDir, name), 'utf8')),
  );

  it('every kind folds and renders without error, bookkeeping hidden', () => {
    // Each file stands alone; give them distinct seqs so they can share one log.
    const log = events.map((event, index) => ({ ...event, seq: index }));
    const state = foldDurableEvents(initialConversationViewState('c'), log);
    expect(state.events).toHaveLength(events.length);
    const rows = transcriptRows({ ...state, status: 'idle' });
    const shownKinds = new Set(rows.flatMap((row) => ('event' in row ? [row.event.kind] : [])));
    expect(shownKinds).toContain('MessageEvent');
    expect(shownKinds).toContain('ActionEvent');
    expect(shownKinds).toContain('ConversationErrorEvent');
    expect(shownKinds).not.toContain('SystemPromptEvent');
    expect(shownKinds).not.toContain('ConversationStateUpdateEvent');
  });
});
