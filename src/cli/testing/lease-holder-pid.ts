import pg from 'pg';

/**
 * The pid of the runtime process holding a conversation's live lease, read from the owner id it
 * records (`runtime-2:<host>:<pid>:<random>`); undefined when no runtime holds one.
 */
export async function leaseHolderPid(
  databaseUrl: string,
  conversationId: string,
): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ owner: string }>(
      'SELECT owner FROM conversation_leases WHERE conversation_id = $1 AND expires_at > now()',
      [conversationId],
    );
    const pid = Number(rows[0]?.owner.split(':')[2]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } finally {
    await client.end();
  }
}
