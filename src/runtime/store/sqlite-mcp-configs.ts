import type Database from 'better-sqlite3';

/** The `conversation_mcp_configs` table: one opaque text per conversation, gone with it (foreign key). */
export function createSqliteMCPConfigs(db: Database.Database) {
  const upsert = db.prepare(
    `INSERT INTO conversation_mcp_configs (conversation_id, config) VALUES (?, ?)
     ON CONFLICT (conversation_id) DO UPDATE SET config = excluded.config`,
  );
  const remove = db.prepare('DELETE FROM conversation_mcp_configs WHERE conversation_id = ?');
  const all = db.prepare(
    'SELECT conversation_id, config FROM conversation_mcp_configs ORDER BY conversation_id',
  );
  return {
    save(conversationId: string, config: string | null): void {
      if (config === null) remove.run(conversationId);
      else upsert.run(conversationId, config);
    },
    list: () => all.all() as Array<{ conversation_id: string; config: string }>,
  };
}
