import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { readAutomationEnv } from './automation-env';
import { createAutomationService } from './automation-service';
import { buildAutomationServer } from './build-automation-server';
import { maskDatabasePassword } from './mask-database-password';
import { openAutomationStore } from './open-automation-store';
import { parseOrigins } from './request-refusal';
import { createRuntimeClient } from './runtime-client';

/**
 * The automation process: configuration from the environment, its store in the runtime's database
 * (PostgreSQL with AGENT_WORKBENCH_DATABASE_URL, else the data dir's SQLite file), listen, one ready
 * line on stdout; a startup failure is one line on stderr and exit 1; SIGTERM, SIGINT or the
 * launcher's end close it within 3 s. Runs left pending by a previous process are recorded as failed
 * first. Nothing it writes holds the database password.
 */
const CLOSE_DEADLINE_MS = 2_500;

async function main(): Promise<void> {
  let close: () => Promise<void>;
  const mask = maskDatabasePassword(process.env.AGENT_WORKBENCH_DATABASE_URL?.trim());
  const report = (text: string) => process.stderr.write(`${mask(text)}\n`);
  try {
    const env = readAutomationEnv(process.env, process.cwd());
    const store = await openStore(env);
    await store.failPendingRuns('the automation service stopped before this run started');
    const service = createAutomationService({
      store,
      runtime: createRuntimeClient({ runtimeUrls: env.runtimeUrls, key: env.runtimeKey }),
      now: () => new Date(),
      newId: randomUUID,
      newToken: () => randomBytes(24).toString('base64url'),
      sleep: (ms) => sleep(ms),
      retryDelaysMs: env.retryDelaysMs,
      webhookLimit: env.webhookLimit,
      setTimer: (callback, ms) => {
        const timer = setTimeout(callback, ms);
        return () => clearTimeout(timer);
      },
      onError: (error) =>
        report(`automation service: the scheduler's database call failed: ${errorText(error)}`),
    });
    const app = await buildAutomationServer({
      service,
      sessionKey: env.sessionKey,
      port: env.port,
      allowedOrigins: parseOrigins(process.env.AGENT_WORKBENCH_ALLOWED_ORIGINS),
      defaultWorkspace: env.defaultWorkspace,
      report,
    });
    await app.listen({ host: env.host, port: env.port });
    await service.scheduler.start();
    close = async () => {
      await app.close();
      await service.scheduler.stop();
      await store.close();
    };
    // The launcher takes this line as the service's readiness.
    process.stdout.write(`Agent Workbench automations listening on http://${env.host}:${env.port}\n`);
  } catch (error) {
    report(`agent-workbench automations: ${errorText(error).replace(/\s*\n\s*/g, ' ')}`);
    process.exit(1);
  }

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(0), CLOSE_DEADLINE_MS).unref();
    close().then(
      () => process.exit(0),
      () => process.exit(0),
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // The launcher holds our stdin's write end: its end, even by SIGKILL, ends this process too.
  if (process.env.AGENT_WORKBENCH_PARENT_PIPE === '1') {
    for (const event of ['end', 'close', 'error']) process.stdin.on(event, shutdown);
    process.stdin.resume();
  }
}

/** The store, or an error naming which database could not be opened. */
async function openStore(env: ReturnType<typeof readAutomationEnv>) {
  try {
    return await openAutomationStore(env);
  } catch (error) {
    const where = env.databaseUrl ? 'the PostgreSQL database' : `the database in ${env.dataDir}`;
    throw new Error(`Cannot open ${where}: ${errorText(error)}`);
  }
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // pg reports a refused connection as an AggregateError with an empty message.
  const code = (error as Error & { code?: string }).code;
  return error.message || code || error.name;
}

void main();
