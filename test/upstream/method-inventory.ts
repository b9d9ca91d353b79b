/**
 * Every public method of the official `@openhands/typescript-client` (1.39.0) classes, classified:
 * - `works`: works unmodified against this runtime; `test` is the title of the conformance test that
 *   proves it (test/upstream/official-*.integration.test.ts), `via` the call in that test that reaches it
 *   when the method is not called by name (a transport or callback the client uses inside).
 * - `refused`: talks to the server, but this runtime does not serve what it needs; `reason` says why.
 * - `local`: never talks to the server (in-process policies, analyzers, caches, no-op `close`), so no
 *   server can make it work or break it.
 * method-inventory.test.ts fails when the client has a public method this file does not classify, or a
 * `works` entry whose test does not exist.
 */
import type { Classification } from './classification';
import { CONVERSATION_INVENTORY } from './conversation-inventory';
import { OUTSIDE_SERVER_INVENTORY } from './outside-server-inventory';
import { SERVICE_CLIENT_INVENTORY } from './service-client-inventory';

export type { Classification } from './classification';
export { TESTS } from './conformance-tests';

export const METHOD_INVENTORY: Record<string, Record<string, Classification>> = {
  ...CONVERSATION_INVENTORY,
  ...SERVICE_CLIENT_INVENTORY,
  ...OUTSIDE_SERVER_INVENTORY,
};
