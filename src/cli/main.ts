import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { openBrowser } from './open-browser';
import { parseCliArgs } from './parse-cli-args';
import { REPO_DIR } from './runtime-command';
import { USAGE } from './usage';

/** After a signal everything must be gone within 5 s (CONTRACT §1), even if a close hangs. */
const SHUTDOWN_DEADLINE_MS = 4_500;

/** The launcher's entry (bin/agent-workbench.mjs); resolves with the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const command = parseCliArgs(argv);
  switch (command.kind) {
    case 'help':
      process.stdout.write(USAGE);
      return 0;
    case 'version':
      process.stdout.write(`${readVersion()}\n`);
      return 0;
    case 'usage-error':
      process.stderr.write(`agent-workbench: ${command.message}\n\n${USAGE}`);
      return 2;
    case 'agent-server': {
      const { runAgentServer } = await import('./run-agent-server');
      return runAgentServer(command.options, {
        env: process.env,
        cwd: process.cwd(),
        homeDir: homedir(),
        stderr: (line) => process.stderr.write(`${line}\n`),
        shutdownRequested: shutdownSignal(),
      });
    }
    case 'run': {
      // Loaded only here: --help, --version and usage errors answer without loading the proxy and friends.
      const { runLauncher } = await import('./run-launcher');
      return runLauncher(command.options, {
        env: process.env,
        cwd: process.cwd(),
        homeDir: homedir(),
        stdout: (line) => process.stdout.write(`${line}\n`),
        stderr: (line) => process.stderr.write(`${line}\n`),
        openBrowser,
        shutdownRequested: shutdownSignal(),
      });
    }
  }
}

function shutdownSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      // A hung close must not keep the terminal hostage; children got SIGKILL by then (3 s grace).
      setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
      resolve(signal);
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
}

function readVersion(): string {
  const manifest = JSON.parse(readFileSync(join(REPO_DIR, 'package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? 'unknown';
}
