/** The session socket and the upstream event socket in words, for the OpenAPI description (WebSocket routes are not OpenAPI operations). */
export const SOCKET_DOCUMENTATION = `The runtime of Agent Workbench: conversations with a coding agent, their event logs, and a live socket.

Every \`/api/*\` route needs the header \`X-Session-API-Key\`; without it: 401 \`{"detail":"Unauthorized","code":"unauthorized"}\`.
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
   \`item_retrying\` \`{item_id, attempt, delay_ms, code, reason}\` when the model call of that item is
   retried: attempt number \`attempt\` starts after \`delay_ms\` (\`code\`: network, rate_limit, server, …);
   \`heartbeat\` \`{through_seq}\` every 15 s (a client that hears nothing for 40 s reconnects); \`error\`
   \`{code, detail}\` for a bad client frame (the socket stays open). Clients ignore unknown frame types.
4. Client frames (\`ClientFrame\`): \`auth\`, and \`message\` \`{"type":"message","content":[…],"run":true,"client_message_id"?}\`,
   which means the same as POST \`/api/conversations/{id}/events\`. Anything else: an \`error\` frame.
5. A client that stops reading is closed with 4008 once the server holds more than a bound of
   unsent data for it; it reconnects with its cursor and misses nothing.

## Upstream event socket \`GET /sockets/events/{conversation_id}\` (WebSocket)

For clients written for the OpenHands agent server (such as \`@openhands/typescript-client\`). Frames
are bare events, not the session socket's wrappers.

1. **Auth**, any one of: the query parameter \`session_api_key\`, the \`X-Session-API-Key\` header,
   the \`awb_session\` cookie, or a first frame \`{"type":"auth","session_api_key":"…"}\` within 10 s.
   A wrong key, a first frame that is not auth, or no frame in time: close 4001. Unknown conversation
   (after auth): close 4004, also when it is deleted while open. More than 50 of these sockets on one
   conversation: close 1013. The key in the URL is never written to the runtime's log.
2. **Query.** \`resend_mode\`: absent sends no stored event; \`all\` sends the active branch (root to
   leaf, with the state changes along it) in order; \`since\` sends those with
   \`timestamp >= after_timestamp\` (ISO 8601; a time without an offset is UTC; \`since\` without
   \`after_timestamp\` sends none). The deprecated \`resend_all=true\` means \`all\` when
   \`resend_mode\` is absent. \`streaming_deltas=true\` (ours) also sends streamed model output as
   \`StreamingDeltaEvent\` \`{content}\` or \`{reasoning_content}\`. Other parameters are ignored. A
   malformed \`resend_mode\`, \`after_timestamp\`, \`resend_all\` or \`streaming_deltas\`: close 4422 with
   the parameter named in the reason.
3. **Server frames.** First \`{"kind":"ConversationStateUpdateEvent","id","timestamp","source":"environment","key":"full_state","value":ConversationInfo}\`
   (the GET \`/api/conversations/{id}\` answer), then the resend, then every event as it becomes
   durable, each exactly as the REST API returns it (with its \`seq\`): no gap and no repeat, even
   when events are appended during the resend. Server-made events (\`full_state\`,
   \`ServerErrorEvent\`, \`StreamingDeltaEvent\`) have no \`seq\`. A WebSocket ping goes out every
   15 s; a client that has not answered the previous one is disconnected.
4. **Client frames.** A user Message \`{"role":"user","content":[{"type":"text","text","cache_prompt"?}|{"type":"image","image_urls"}] | string}\`
   is appended and run, like POST \`/api/conversations/{id}/events\` with \`run: true\`
   (\`cache_prompt\` and upstream's other Message fields are accepted and have no effect). A further
   auth frame is ignored. Anything else gets
   \`{"kind":"ServerErrorEvent","id","timestamp","source":"environment","code":"invalid_frame","detail"}\`
   and the socket stays open.
5. A client that stops reading is closed with 4008 once the server holds more than a bound of unsent
   data for it; it reconnects with \`resend_mode=since\`.
`;
