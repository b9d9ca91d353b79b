import { setFlagsFromString } from 'node:v8';

/** V8 flags this process may be started with for memory (the launcher's RUNTIME_V8_FLAGS). */
const MEMORY_FLAG = /^--(optimize[-_]for[-_]size|max[-_]semi[-_]space[-_]size=\d+)$/;
/**
 * What gives V8 its defaults back. --optimize-for-size first: it implies --max-semi-space-size=1,
 * which is undone after it.
 */
const DEFAULTS = ['--no-optimize-for-size', '--max-semi-space-size=0'];

/**
 * Node's built-in modules (http, net, crypto, streams…) come with a V8 code cache, which V8 accepts
 * only while its flags are at their defaults: with the memory flags, every built-in the process
 * loads is compiled from source, about a sixth of the runtime's start-up CPU. What the flags do
 * for memory is mostly the heap's layout, fixed when the process started, before any script ran.
 * So this gives V8 its defaults back until the returned function sets the flags of `execArgv`
 * again; call it once the process has loaded and started what it needs. Without memory flags it
 * does nothing.
 */
export function suspendV8Flags(execArgv: readonly string[]): () => void {
  const flags = execArgv.filter((argument) => MEMORY_FLAG.test(argument));
  if (flags.length === 0) return () => {};
  for (const setting of DEFAULTS) setFlagsFromString(setting);
  return () => {
    for (const flag of flags) setFlagsFromString(flag);
  };
}
