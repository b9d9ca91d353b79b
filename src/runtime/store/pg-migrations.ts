/** One step of the PostgreSQL schema, applied once, in order, in its own transaction (see migratePg). */
export interface PgMigration {
  version: number;
  name: string;
  sql: string;
}

/**
 * The PostgreSQL schema, mirroring the SQLite one (sqlite-migrations.ts): conversation rows in the
 * same columns (sqlite-conversation-row.ts maps both), events keyed by (conversation, seq), and the
 * search documents as tsvector columns beside the text they index ('simple' configuration: words as
 * written, lower-cased, no stemming, like SQLite's unicode61). Conversations are keyed by id, so a
 * table of per-conversation leases (one runtime owning a conversation at a time) can reference them.
 */
export const PG_MIGRATIONS: readonly PgMigration[] = [
  {
    version: 1,
    name: 'conversations, events and their search documents',
    sql: `
      CREATE TABLE conversations (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        title_source TEXT NOT NULL,
        created_at TEXT NOT NULL,
        created_ms DOUBLE PRECISION NOT NULL,
        updated_at TEXT NOT NULL,
        updated_ms DOUBLE PRECISION NOT NULL,
        workspace_dir TEXT NOT NULL,
        execution_status TEXT NOT NULL,
        leaf_event_id TEXT,
        last_seq INTEGER NOT NULL,
        forked_from_conversation_id TEXT,
        forked_from_event_id TEXT,
        pinned INTEGER NOT NULL,
        -- llm, policies, rules, stats, tags… as JSON text (written only by conversationParams)
        settings TEXT NOT NULL,
        title_search TSVECTOR NOT NULL
      );
      CREATE INDEX conversations_by_created ON conversations (created_ms, id);
      CREATE INDEX conversations_by_updated ON conversations (updated_ms, id);
      CREATE INDEX conversations_title_search ON conversations USING GIN (title_search);

      CREATE TABLE events (
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        id TEXT NOT NULL,
        kind TEXT NOT NULL,
        source TEXT NOT NULL,
        parent_id TEXT,
        timestamp TEXT NOT NULL,
        timestamp_ms DOUBLE PRECISION NOT NULL,
        -- the whole event as JSON text, without seq (a fork renumbers seq; the column is the truth)
        json TEXT NOT NULL,
        -- the searchable text of user and agent messages (message-text.ts), else NULL
        message_text TEXT,
        message_search TSVECTOR,
        client_message_id TEXT,
        -- insertion order across conversations: search ranks the newest matching messages first
        doc_id BIGINT GENERATED ALWAYS AS IDENTITY,
        PRIMARY KEY (conversation_id, seq),
        CONSTRAINT events_unique_id UNIQUE (conversation_id, id)
      );
      CREATE UNIQUE INDEX events_by_client_message_id
        ON events (conversation_id, client_message_id) WHERE client_message_id IS NOT NULL;
      CREATE INDEX events_message_search ON events USING GIN (message_search);
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
    name: 'conversation leases for several runtimes',
    sql: `
      -- Which runtime process owns a conversation (runs it, appends to it) until expires_at; renewed by
      -- that runtime's heartbeat. owner_url is where the ingress reaches it.
      CREATE TABLE conversation_leases (
        conversation_id TEXT PRIMARY KEY REFERENCES conversations (id) ON DELETE CASCADE,
        owner TEXT NOT NULL,
        owner_url TEXT NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX conversation_leases_by_owner ON conversation_leases (owner);
    `,
  },
  {
    version: 4,
    name: 'leases held by an advisory lock',
    sql: `
      -- The advisory lock key (pg-lock-session.ts) the owner held when it took the lease, NULL when it
      -- took it without one: a lease with a key whose lock nobody holds any more is free at once.
      ALTER TABLE conversation_leases ADD COLUMN lock_key BIGINT;
    `,
  },
  {
    version: 5,
    name: 'messages by insertion order, for searches of common words',
    sql: `
      -- Search ranks the newest matching messages: for a word in most messages, walking this index
      -- backwards and testing each document finds them without reading every match.
      CREATE INDEX events_messages_by_doc ON events (doc_id) WHERE message_search IS NOT NULL;
    `,
  },
  {
    version: 6,
    name: "a conversation's sandbox",
    sql: `
      -- bubblewrap or docker, fixed at creation; NULL in rows from before: bubblewrap.
      ALTER TABLE conversations ADD COLUMN sandbox_kind TEXT;
      -- The docker sandbox's image; NULL for bubblewrap.
      ALTER TABLE conversations ADD COLUMN sandbox_image TEXT;
    `,
  },
];
