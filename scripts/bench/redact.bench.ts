import { createRedactor } from '../../src/runtime/secrets/create-redactor';
import type { Benchmark } from './bench-figure';

/**
 * Masking secrets runs on every event before it is stored: its cost on the largest observation the
 * model reads (30,000 characters), with three registered secrets and the built-in key patterns.
 */
const benchmark: Benchmark = async () => {
  const key = 'sk-bench-0123456789abcdefghijklmnopqrstuv';
  const redactor = createRedactor([
    { name: 'LLM_API_KEY', value: key },
    { name: 'session-key', value: `${'a'.repeat(8)}0123456789abcdef0123456789abcdef` },
    { name: 'GITHUB_TOKEN', value: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' },
  ]);
  const line = 'drwxr-xr-x  2 user staff   64 Nov 29 10:00 node_modules/some-package-name/dist/index.js\n';
  const output = `${line.repeat(Math.ceil(30_000 / line.length)).slice(0, 29_900)}${key}\n`;
  for (let warm = 0; warm < 20; warm++) redactor.redact(output);
  const samples: number[] = [];
  for (let run = 0; run < 200; run++) {
    const started = performance.now();
    redactor.redact(output);
    samples.push(performance.now() - started);
  }
  return [{ name: 'mask secrets in a 30,000-character output', unit: 'ms', samples }];
};

export default benchmark;
