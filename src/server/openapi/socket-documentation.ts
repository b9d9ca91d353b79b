/** The session socket in words, for the OpenAPI description (WebSocket routes are not OpenAPI operations). */
export const SOCKET_DOCUMENTATION = `The runtime of Agent Workbench: conversations with a coding agent, their event logs, and a live socket.

Every \`/api/*\` route needs the header \`X-Session-API-Key\`; without it: 401 \`{"detail":"Unauthorized"}\`.
Errors are \`{"detail": string, "code"?: string}\`; 422 answers list \`{loc, msg, type}\` per invalid field and
never echo values; 500 answers carry an \`error_id\` and never a stack trace.

## Session socket \`GET /sockets/session/{conversation_id}?after_seq=N\` (WebSocket)

\`after_seq\` is the highest seq the client already holds (-1 or absent: send everything).

1. **Auth.** The first client frame is \`{"type":"auth","session_api_key":"…"}\` within 10 s (the key
   never goes in the URL); non-browser clients may send the \`X-Session-API-Key\` header instead. Bad or
   missing key: close 4001. Unknown conversation: close 4004. More than 50 sockets on one
   conversation: close 1013. An \`after_seq\` that is not an integer ≥ -1: close 4422.
2. The server sends \`SyncFrame\` \`{"type":"sync","from_seq":N+1,"through_seq":M,"state":ConversationInfo}\`,
   then every durable event with \`N < seq <= M\` in order, then live frames.
3. Server frames (\`ServerFrame\` in the components): \`durable\` \`{seq, event}\` with strictly increasing
   seq, no gap and no repeat within one connection; \`item_started\` \`{item_id, anchor_seq}\`, \`delta\`
   \`{item_id, kind: "text"|"reasoning", content}\`, \`item_aborted\` \`{item_id, reason}\` for streamed model
   output (\`item_id\` equals the \`llm_response_id\` of the durable events that complete the item);
   \`heartbeat\` \`{through_seq}\` every 15 s (a client that hears nothing for 40 s reconnects); \`error\`
   \`{code, detail}\` for a bad client frame (the socket stays open). Clients ignore unknown frame types.
4. Client frames (\`ClientFrame\`): \`auth\`, and \`message\` \`{"type":"message","content":[…],"run":true,"client_message_id"?}\`,
   which means the same as POST \`/api/conversations/{id}/events\`. Anything else: an \`error\` frame.
5. A client that stops reading is closed with 4008 once the server holds more than a bound of
   unsent data for it; it reconnects with its cursor and misses nothing.
`;
