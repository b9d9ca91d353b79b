/**
 * The openhands-agent-server release whose contract the runtime serves (CONTRACT §8), reported as
 * /server_info's `version`: upstream front ends compare it against their minimum (the Agent Canvas
 * 1.16.0 needs >= 1.28.0). It is the version of @openhands/typescript-client that test/upstream runs
 * unmodified, and the one the Canvas we test against bundles; upstream-agent-server-version.test.ts
 * fails when that client moves without this.
 */
export const UPSTREAM_AGENT_SERVER_VERSION = '1.39.0';
