import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../store/sqlite-event-store';
import { ActionSchema } from './actions';
import { EVENT_KINDS, type Event, EventSchema, type NewEvent } from './events';
import { newConversation } from './fixtures/event-builders';
import { ObservationSchema } from './observations';

/**
 * Golden fixtures: one JSON file per event kind (and per action and observation kind) as an earlier
 * version wrote them. Every later version must still load them unchanged; never edit a fixture to
 * make a schema change pass, add a new one.
 */
const fixturesDirectory = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixtures = readdirSync(fixturesDirectory)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => ({ name, raw: JSON.parse(readFileSync(join(fixturesDirectory, name), 'utf8')) as unknown }));

describe('golden event fixtures', () => {
  it.each(fixtures)('$name parses and round-trips unchanged', ({ raw }) => {
    const event = EventSchema.parse(raw);
    expect(event).toEqual(raw);
    expect(EventSchema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });

  it('cover every event kind, action kind and observation kind', async () => {
    const events = fixtures.map(({ raw }) => EventSchema.parse(raw));
    expect(new Set(events.map((event) => event.kind))).toEqual(new Set(EVENT_KINDS));
    const actionKinds = events.flatMap((event) =>
      event.kind === 'ActionEvent' && event.action ? [event.action.kind] : [],
    );
    expect(new Set(actionKinds)).toEqual(
      new Set(ActionSchema.options.map((option) => option.shape.kind.value)),
    );
    const observationKinds = events.flatMap((event) =>
      event.kind === 'ObservationEvent' ? [event.observation.kind] : [],
    );
    expect(new Set(observationKinds)).toEqual(
      new Set(ObservationSchema.options.map((option) => option.shape.kind.value)),
    );
  });

  it('go through the SQLite store and come back equal', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'event-fixtures-'));
    try {
      const store = openSqliteEventStore(join(directory, 'workbench.db'));
      const conversation = await store.createConversation(newConversation(9000));
      const events = fixtures.map(({ raw }) => EventSchema.parse(raw)).sort((a, b) => a.seq - b.seq);
      for (const event of events) await store.append(conversation.id, asNewEvent(event));
      expect(await store.readEvents(conversation.id)).toEqual(events);
      await store.close();
      const reopened = openSqliteEventStore(join(directory, 'workbench.db'));
      expect(await reopened.readEvents(conversation.id)).toEqual(events);
      await reopened.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

function asNewEvent(event: Event): NewEvent {
  const { seq: _seq, parent_id, ...fields } = event;
  return { ...fields, parent_id: parent_id ?? null } as NewEvent;
}
