/**
 * The SQLite schema as versioned migrations. Applied in order, each in its own transaction, and
 * recorded in `schema_migrations`; never edit a released migration, add the next one. A database
 * whose highest version is above the last one here was written by a newer version and is refused.
 */
export interface SqliteMigration {
  version: number;
  name: string;
  sql: string;
}

export const SQLITE_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    name: 'conversations, events, search index',
    sql: `
      CREATE TABLE conversations (
        row_id INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL,
        title_source TEXT NOT NULL,
        created_at TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        updated_at TEXT NOT NULL,
        updated_ms INTEGER NOT NULL,
        workspace_dir TEXT NOT NULL,
        execution_status TEXT NOT NULL,
        leaf_event_id TEXT,
        last_seq INTEGER NOT NULL DEFAULT -1,
        forked_from_conversation_id TEXT,
        forked_from_event_id TEXT,
        pinned INTEGER NOT NULL DEFAULT 0,
        -- llm, confirmation_policy, security_analyzer, max_iterations, stuck_detection, stats, tags
        settings TEXT NOT NULL
      );
      CREATE INDEX conversations_by_created ON conversations (created_ms, id);
      CREATE INDEX conversations_by_updated ON conversations (updated_ms, id);
      CREATE INDEX conversations_by_status ON conversations (execution_status, updated_ms, id);

      CREATE TABLE events (
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        id TEXT NOT NULL,
        kind TEXT NOT NULL,
        source TEXT NOT NULL,
        parent_id TEXT,
        timestamp TEXT NOT NULL,
        -- the whole event as JSON, without seq (a fork renumbers seq; the column is the truth)
        json TEXT NOT NULL,
        -- the searchable text of user and agent messages (message-text.ts), else NULL
        message_text TEXT,
        client_message_id TEXT,
        PRIMARY KEY (conversation_id, seq),
        UNIQUE (conversation_id, id)
      );
      CREATE UNIQUE INDEX events_by_client_message_id
        ON events (conversation_id, client_message_id) WHERE client_message_id IS NOT NULL;

      -- One document per conversation title and per message. Contentless: the text lives in
      -- conversations and events only. rowid = conversation row_id * 2^32 + seq, the title at seq 2^32-1.
      CREATE VIRTUAL TABLE search_index USING fts5 (
        title, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
      );
    `,
  },
  {
    version: 2,
    name: "a conversation's own MCP servers",
    sql: `
      -- The conversation's mcp_config as the service stores it (secret values sealed, never plain).
      CREATE TABLE conversation_mcp_configs (
        conversation_id TEXT PRIMARY KEY REFERENCES conversations (id) ON DELETE CASCADE,
        config TEXT NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: "a conversation's sandbox",
    sql: `
      -- bubblewrap or docker, fixed at creation; NULL in rows from before: bubblewrap.
      ALTER TABLE conversations ADD COLUMN sandbox_kind TEXT;
      -- The docker sandbox's image; NULL for bubblewrap.
      ALTER TABLE conversations ADD COLUMN sandbox_image TEXT;
    `,
  },
];

export const LATEST_SCHEMA_VERSION = SQLITE_MIGRATIONS.at(-1)?.version ?? 0;
