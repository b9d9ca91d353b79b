import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { readAutomationEnv } from './automation-env';
import { openAutomationStore } from './automation-store';
import { createAutomationService } from './automation-service';
import { buildAutomationServer } from './build-automation-server';
import { parseOrigins } from './request-refusal';
import { createRuntimeClient } from './runtime-client';

/**
 * The automation process: configuration from the environment, listen, one ready line on stdout;
 * a startup failure is one line on stderr and exit 1; SIGTERM, SIGINT or the launcher's end close
 * it within 3 s. Runs left pending by a previous process are recorded as failed first.
 */
const CLOSE_DEADLINE_MS = 2_500;

async function main(): Promise<void> {
  let close: () => Promise<void>;
  try {
    const env = readAutomationEnv(process.env, process.cwd());
    const store = openAutomationStore(join(env.dataDir, 'workbench.db'));
    store.failPendingRuns('the automation service stopped before this run started');
    const service = createAutomationService({
      store,
      runtime: createRuntimeClient({ runtimeUrl: env.runtimeUrl, key: env.runtimeKey }),
      now: () => new Date(),
      newId: randomUUID,
      newToken: () => randomBytes(24).toString('base64url'),
      sleep: (ms) => sleep(ms),
      retryDelaysMs: env.retryDelaysMs,
      setTimer: (callback, ms) => {
        const timer = setTimeout(callback, ms);
        return () => clearTimeout(timer);
      },
    });
    const app = await buildAutomationServer({
      service,
      sessionKey: env.sessionKey,
      port: env.port,
      allowedOrigins: parseOrigins(process.env.AGENT_WORKBENCH_ALLOWED_ORIGINS),
    });
    await app.listen({ host: env.host, port: env.port });
    service.scheduler.start();
    close = async () => {
      await app.close();
      await service.scheduler.stop();
      store.close();
    };
    // The launcher takes this line as the service's readiness.
    process.stdout.write(`Agent Workbench automations listening on http://${env.host}:${env.port}\n`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`agent-workbench automations: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
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

void main();
