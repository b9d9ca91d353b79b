import { it } from 'vitest';
import { buildSync } from 'esbuild';
it('x', () => {
  try { buildSync({ entryPoints: ['src/runtime/store/sqlite-crash-appender.ts'], bundle: true, platform: 'node', format: 'cjs', external: ['better-sqlite3'], outfile: '/tmp/app2.cjs', logLevel: 'error' }); console.log('ok'); } catch (e) { console.log('ERR', String((e as Error).message).slice(0, 800)); }
});
