import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { LLMScript } from '../../src/runtime/llm/llm-script';
import { LLMScriptSchema } from './llm-script-schema';
import { startMockLLM } from './mock-llm-server';

/**
 * `npm run mock-llm -- --port N [--script file.json] [--lenient] [--refuse-cache-hints]`: the mock for
 * e2e runs and manual tries. Strict like the real providers unless `--lenient` (then violations are
 * only recorded); `--refuse-cache-hints` plays an older server that refuses prompt cache hints.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      script: { type: 'string' },
      lenient: { type: 'boolean', default: false },
      'refuse-cache-hints': { type: 'boolean', default: false },
      'refuse-tools': { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535, got "${values.port}"`);
  const script = values.script ? await loadScript(values.script) : undefined;
  const mock = await startMockLLM({
    port,
    script,
    strict: !values.lenient,
    refuseCacheHints: values['refuse-cache-hints'],
    refuseTools: values['refuse-tools'],
  });
  console.log(`mock-llm listening on ${mock.url}${values.lenient ? ' (lenient)' : ''}`);
  const stop = () => {
    mock.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

async function loadScript(path: string): Promise<LLMScript> {
  const parsed = LLMScriptSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path} is not a valid LLMScript: ${parsed.error.message}`);
  return parsed.data;
}

main().catch((error: unknown) => {
  console.error(`mock-llm: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
