import { createRequire } from 'node:module';

// The official client picks its WebSocket implementation when its module is first evaluated: the
// browser's `window.WebSocket`, else CommonJS `require('ws')`. Node ES modules have no `require`, so
// without this the client silently has no WebSocket and its event sockets never connect. This gives it
// the environment it documents (a `require` that can load `ws`) instead of patching the package.
// Import this module before `@openhands/typescript-client`.
const scope = globalThis as { require?: NodeJS.Require };
scope.require ??= createRequire(import.meta.url);
