import fc from 'fast-check';
import { crashRun } from '../../src/cli/testing/crash-run';
import { answerProblem, malformedRequest } from '../../src/cli/testing/malformed-requests';
import { rawRequest } from '../../src/cli/testing/raw-request';
import { startTestWorkbench, type TestWorkbench } from '../../src/cli/testing/start-test-workbench';
import { startPgCluster } from '../../src/runtime/store/testing/start-pg-cluster';
import type { BenchFigure } from './bench-figure';

const CONVERSATIONS = 6;
const KILLS = 10;
const APPENDS_BETWEEN_KILLS = 50;
const PG_RUNTIMES = 3;
const PG_KILLS = 6;
const MALFORMED_REQUESTS = 5_000;

/**
 * The crash-and-fuzz run at full length, loopback only, bounded: six busy conversations with the
 * runtime killed by SIGKILL 10 times (SQLite) and one of three runtimes killed 6 times (PostgreSQL),
 * at most five kills a minute (the launcher gives up on a sixth failure within one),
 * then 5,000 malformed requests split between the ingress and the runtime's port. Fails when an
 * acknowledged event is lost or moved, or an answer is a 5xx, not `{detail, code}`, or echoes the key.
 * Figures: how long the workbench took to answer again after each kill, and malformed requests per second.
 */
export default async function crashFuzzBenchmark(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const sqlite = await startTestWorkbench({ readyTimeoutMs: 60_000 });
  try {
    figures.push(await crashFigure(sqlite, 'SQLite, 1 runtime', KILLS, 1));
    figures.push(await fuzzFigure(sqlite));
  } finally {
    await sqlite.cleanup();
  }
  const cluster = await startPgCluster();
  try {
    const workbench = await startTestWorkbench({
      args: ['--runtimes', String(PG_RUNTIMES), '--database-url', await cluster.createDatabase('crash_fuzz')],
      env: { AGENT_WORKBENCH_DATABASE_URL: '', AGENT_WORKBENCH_LEASE_TTL_MS: '1500' },
      readyTimeoutMs: 60_000,
    });
    try {
      figures.push(
        await crashFigure(workbench, `PostgreSQL, ${PG_RUNTIMES} runtimes`, PG_KILLS, PG_RUNTIMES),
      );
    } finally {
      await workbench.cleanup();
    }
  } finally {
    cluster.stop();
  }
  return figures;
}

async function crashFigure(
  workbench: TestWorkbench,
  label: string,
  kills: number,
  runtimes: number,
): Promise<BenchFigure> {
  const result = await crashRun(workbench, {
    conversations: CONVERSATIONS,
    kills,
    appendsBetweenKills: APPENDS_BETWEEN_KILLS,
    runtimes,
    minimumGapMs: 12_500,
  });
  const broken = [...result.lost, ...result.moved, ...result.gaps];
  if (broken.length > 0)
    throw new Error(`${label}: acknowledged events lost or moved: ${broken.slice(0, 5).join(', ')}`);
  process.stderr.write(
    `  ${label}: ${result.acknowledged} acknowledged appends kept through ${kills} kills\n`,
  );
  return {
    name: `crash-fuzz: answering again after a SIGKILL (${label})`,
    unit: 'ms',
    samples: result.recoveryMs,
  };
}

async function fuzzFigure(workbench: TestWorkbench): Promise<BenchFigure> {
  const targets = [workbench.port, workbench.runtimePort];
  const requests = fc.sample(malformedRequest(workbench.sessionKey), {
    numRuns: MALFORMED_REQUESTS,
    seed: 7,
  });
  const samples: number[] = [];
  const problems: string[] = [];
  for (let start = 0; start < requests.length; start += 500) {
    const begun = performance.now();
    for (const [index, request] of requests.slice(start, start + 500).entries()) {
      const port = targets[index % targets.length] ?? workbench.port;
      const response = await rawRequest(port, {
        method: request.method,
        path: request.path,
        headers: { ...request.headers, host: `127.0.0.1:${port}` },
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      const problem = answerProblem(response, workbench.sessionKey);
      if (problem) problems.push(`${request.method} ${request.path.slice(0, 80)}: ${problem}`);
    }
    samples.push(500 / ((performance.now() - begun) / 1000));
  }
  if (problems.length > 0) throw new Error(`malformed requests: ${problems.slice(0, 5).join('; ')}`);
  const health = await fetch(`${workbench.url}/health`);
  if (health.status !== 200)
    throw new Error(`the runtime answers /health with ${health.status} after the fuzz`);
  return {
    name: 'crash-fuzz: malformed requests answered cleanly',
    unit: 'requests/s',
    samples,
    lowerIsBetter: false,
  };
}
