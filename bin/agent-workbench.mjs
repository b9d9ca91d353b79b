#!/usr/bin/env node
// The launcher is TypeScript; Node 20 cannot strip types, so tsx compiles it on the fly.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
// Exit explicitly: a stray handle (a pending timer, a keep-alive socket) must not keep the launcher alive.
process.exit(await main(process.argv.slice(2)));
