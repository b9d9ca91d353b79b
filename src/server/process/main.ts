import { suspendV8Flags } from './suspend-v8-flags';

/**
 * The runtime process's entry. It loads and starts with V8's flags at their defaults, so that Node's
 * built-in modules come from its code cache (suspendV8Flags), and idles with the flags it was
 * started with once it listens.
 */
const resumeV8Flags = suspendV8Flags(process.execArgv);
const { runRuntimeProcess } = await import('./runtime-process');
await runRuntimeProcess();
resumeV8Flags();
