import { writeSync } from 'node:fs';
import { newConversation, testId, userMessage } from '../events/fixtures/event-builders';
import { openSqliteEventStore } from './sqlite-event-store';

/**
 * Child process of sqlite-crash.test.ts: appends to one conversation forever, printing each seq only
 * after append returned (the commit is durable), until it is killed. Event n has id testId(100000 + n),
 * so the parent can check that what it reads back is what was written.
 * Usage: node --import tsx sqlite-crash-appender.ts <database path> (the test runs it bundled, see there).
 */
const path = process.argv[2];
if (!path) throw new Error('usage: sqlite-crash-appender.ts <database path>');
// A function, not top-level await: the test bundles this file as CommonJS.
async function appendForever(path: string): Promise<never> {
  const store = openSqliteEventStore(path);
  const conversationId = testId(1);
  const existing =
    (await store.getConversation(conversationId)) ?? (await store.createConversation(newConversation(1)));
  writeSync(1, 'ready\n');
  for (let seq = existing.last_seq + 1; ; seq += 1) {
    const appended = await store.append(
      conversationId,
      userMessage(100_000 + seq, `message ${seq} ${'x'.repeat(seq % 500)}`),
    );
    // writeSync: the line is in the pipe before the next append starts, so an ack is never lost in a buffer.
    writeSync(1, `${appended.seq}\n`);
  }
}

void appendForever(path);
