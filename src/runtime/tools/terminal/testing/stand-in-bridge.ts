import { chmod, readFile, writeFile } from 'node:fs/promises';

export interface StandInBridge {
  /** What the stand-in noted so far, for a failure's message. */
  notes(): Promise<string>;
}

/**
 * Writes a stand-in for the sandbox's proxy bridge at `scriptPath`: it answers every request itself,
 * naming the socket it was given. Its output goes nowhere, as the real bridge's does, so it notes in
 * `logPath` whether it started, listened, failed (with the stack) or exited. In a container it runs as
 * the proxy socket's owner without capabilities, so that file is made writable to all first.
 */
export async function writeStandInBridge(scriptPath: string, logPath: string): Promise<StandInBridge> {
  await writeFile(logPath, '');
  await chmod(logPath, 0o666);
  await writeFile(
    scriptPath,
    [
      "import { appendFileSync } from 'node:fs';",
      "import { createServer } from 'node:net';",
      `const note = (line) => { try { appendFileSync(${JSON.stringify(logPath)}, line + '\\n'); } catch {} };`,
      "note('started pid ' + process.pid);",
      "process.on('exit', (code) => note('exit ' + code));",
      "createServer((s) => s.end('HTTP/1.0 200 OK\\r\\n\\r\\nbridge-ok ' + process.argv[2] + '\\n'))",
      "  .on('error', (error) => note('error ' + error.stack))",
      "  .listen(3128, '127.0.0.1', () => note('listening'));",
      '',
    ].join('\n'),
  );
  return { notes: async () => (await readFile(logPath, 'utf8')) || 'nothing: it never started' };
}
