/**
 * Which top-level folder of src/ may import which (docs/ARCHITECTURE.md, "Rules that keep it easy
 * to change"). `code` binds every file; `tests` adds what only test code may use. An entry is a
 * folder or one file, by its path from the repository root. A folder not named may not be imported.
 */
export interface LayerAllowance {
  code: string[];
  tests?: string[];
}

/** The one fake LLM server every level of test shares (STYLE.md, "Tests"). */
const MOCK_LLM = 'scripts/mock-llm';
/** The throwaway PostgreSQL server the store tests start. */
const PG_CLUSTER = 'src/runtime/store/testing/start-pg-cluster.ts';
/** The launcher's process helpers (free ports, child pids, raw requests, a real workbench). */
const LAUNCHER_TEST_TOOLS = 'src/cli/testing';

export const LAYER_TABLE: Record<string, LayerAllowance> = {
  // Shared by the runtime and the UI: imports nothing (its own boundary test also bans packages).
  'src/event-facts': { code: [] },
  // Generated types, the typed client and what every process shares: below everything else.
  'src/client': { code: [] },
  // OpenAPI emission shared by the runtime and the automation service: only zod and fastify packages.
  'src/openapi': { code: [] },
  // contract -> client -> UI: never the runtime or the server, not even their types.
  'src/ui': { code: ['src/client', 'src/event-facts'] },
  'src/runtime': {
    code: ['src/event-facts'],
    tests: [MOCK_LLM, `${LAUNCHER_TEST_TOOLS}/free-port.ts`, `${LAUNCHER_TEST_TOOLS}/child-pids.ts`],
  },
  'src/server': {
    code: ['src/runtime', 'src/client', 'src/event-facts', 'src/openapi'],
    // main.test.ts checks the runtime starts with the V8 flags the launcher gives it.
    tests: [MOCK_LLM, LAUNCHER_TEST_TOOLS, 'src/cli/runtime-command.ts'],
  },
  // The launcher spawns the runtime and talks HTTP to it.
  'src/cli': {
    // The docker sandbox's client, so the image is built on the daemon the runtime will use, reached
    // the same way (TLS verified, SSH host keys checked).
    code: ['src/client', 'src/runtime/sandbox/docker/load-docker-client.ts'],
    // The recipe test holds the launcher's default image name to the runtime's.
    tests: [MOCK_LLM, PG_CLUSTER, 'src/runtime/sandbox/sandbox-kind.ts'],
  },
  // A process of its own; src/automation/import-boundary.test.ts keeps the same list.
  'src/automation': {
    code: [
      'src/event-facts',
      'src/client/session-cookie.ts',
      'src/client/origin-host.ts',
      'src/client/automation-wire.ts',
      'src/client/create-automation-client.ts',
      'src/openapi',
      // The one ConfirmationPolicy zod schema (imports only zod).
      'src/runtime/events/conversation-state.ts',
      'src/runtime/store/run-pg-migrations.ts',
      'src/runtime/skills/untrusted-block.ts',
    ],
    tests: [PG_CLUSTER],
  },
};

/**
 * Modules outside a `testing/` folder that only tests use, so they count as test code. Listed one
 * by one so a production file never slips in by its name.
 */
export const TEST_HELPERS_OUTSIDE_TESTING = new Set([
  // The provider wire rules the scenario tests check recorded requests against (by the mock's dialects).
  'src/runtime/llm/provider-projection-wire-check.ts',
]);

/** True for tests, test helpers and fixtures: code nothing ships depending on. */
export function isTestCode(path: string): boolean {
  return (
    /\.(test|spec)\.tsx?$/.test(path) ||
    /(^|\/)(testing|fixtures)\//.test(path) ||
    TEST_HELPERS_OUTSIDE_TESTING.has(path)
  );
}
