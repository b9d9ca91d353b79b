import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestToolset } from '../agent/testing/create-test-toolset';
import type { Tool, Toolset } from '../tools/tool';
import { openSqliteEventStore } from '../store/sqlite-event-store';
import type { LiveFrame } from '../agent/live-frame';
import { createServiceHarness } from './testing/create-service-harness';

const API_KEY = 'sk-test-4f9a2c7e81b3d5a6c0e7f1a2b3c4d5e6';
const GITHUB_TOKEN = 'ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
const DB_PASSWORD = 'correct-horse-battery-staple';
const API_KEY_BASE64 = Buffer.from(API_KEY).toString('base64');
const FORBIDDEN = [API_KEY, API_KEY_BASE64, API_KEY_BASE64.replace(/=+$/, ''), GITHUB_TOKEN, DB_PASSWORD];

/** The test toolset, with a terminal that prints what `cat settings.json` would: the secrets. */
function leakyToolset(): Toolset {
  const base = createTestToolset();
  const leakyTerminal: Tool = {
    ...(base.get('terminal') as Tool),
    execute: async (action) => ({
      kind: 'TerminalObservation',
      content: [
        {
          type: 'text',
          text: `{"api_key": "${API_KEY}"}\nencoded: ${API_KEY_BASE64}\nGITHUB_TOKEN=${GITHUB_TOKEN}\ndb: ${DB_PASSWORD}\n`,
        },
      ],
      is_error: false,
      command: action.kind === 'TerminalAction' ? action.command : '',
      exit_code: 0,
      timed_out: false,
    }),
  };
  const tools = base.tools.map((tool) => (tool.name === 'terminal' ? leakyTerminal : tool));
  return { tools, get: (name) => tools.find((tool) => tool.name === name), close: base.close };
}

function expectNoSecret(where: string, text: string): void {
  for (const secret of FORBIDDEN) {
    expect(text.includes(secret), `${where} holds ${secret.slice(0, 6)}…`).toBe(false);
  }
}

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'secrets-never-stored-'));
});
afterEach(async () => rm(directory, { recursive: true, force: true }));

describe('secrets in a run', () => {
  it('never reach the SQLite file or its WAL, the frames, the events, the model, the title or the search', async () => {
    const path = join(directory, 'workbench.db');
    const store = openSqliteEventStore(path);
    const harness = await createServiceHarness({
      store,
      llm: { provider: 'openai-compatible', model: 'scripted-model', api_key: API_KEY },
      service: { modelTitles: true },
      createToolset: leakyToolset,
      script: {
        turns: [
          // The title call comes first; a model that repeats the key must not set it as the title.
          { text: `Title: setup with ${API_KEY}` },
          {
            text: `Let me check the settings. The key starts ${API_KEY} and the token is ${GITHUB_TOKEN}.`,
            chunk_size: 5,
            tool_calls: [
              { id: 'c1', name: 'terminal', arguments: { command: `cat settings.json # ${API_KEY}` } },
            ],
          },
          { text: 'All set.' },
        ],
      },
    });
    try {
      const id = await harness.create();
      await harness.service.setSecrets(id, { DB_PASSWORD });
      const frames: LiveFrame[] = [];
      const subscription = await harness.service.subscribe(id, (frame) => frames.push(frame));
      await harness.say(id, `Use my key ${API_KEY} (base64 ${API_KEY_BASE64}) and ${GITHUB_TOKEN} please`);
      await harness.settled(id);
      await new Promise((resolve) => setTimeout(resolve, 20)); // the title call settles
      subscription.unsubscribe();

      const database = () =>
        ['', '-wal', '-shm']
          .map((suffix) => {
            try {
              return readFileSync(`${path}${suffix}`).toString('latin1');
            } catch {
              return ''; // that file does not exist (yet)
            }
          })
          .join('\n');
      expectNoSecret('the database files', database());
      expect(database()).toContain('secret:DB_PASSWORD'); // the observation was written, masked
      expectNoSecret('the live frames', JSON.stringify(frames));
      const streamed = frames
        .flatMap((frame) => (frame.type === 'delta' && frame.kind === 'text' ? [frame.content] : []))
        .join('');
      expect(streamed).toContain('‹secret:LLM_API_KEY›');
      expect(streamed).toContain('‹secret:github-token›');
      const events = (await harness.service.searchEvents(id, {}, { limit: 100, order: 'asc' })).items;
      expectNoSecret('the events', JSON.stringify(events));
      expect(JSON.stringify(events)).toContain('‹secret:DB_PASSWORD›');
      expectNoSecret('the model requests', JSON.stringify(harness.llm.calls));
      expect(harness.llm.calls.length).toBeGreaterThanOrEqual(3);
      const { title } = await harness.service.get(id);
      expectNoSecret('the title', title);
      expect(title).toContain('‹secret:LLM_API_KEY›');
      for (const q of ['key', 'token', 'settings']) {
        const page = await harness.service.search({ q, limit: 10, sort_order: 'UPDATED_AT_DESC' });
        expectNoSecret(`the search for ${q}`, JSON.stringify(page));
      }
      expectNoSecret('the export', (await harness.service.exportConversation(id, 'md')).content);

      await harness.close();
      await store.close();
      expectNoSecret('the database files after checkpoint', database());
    } finally {
      await harness.close();
    }
  });
});
