import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentContext } from '../../src/runtime/agent/agent-context';
import { executeActions } from '../../src/runtime/agent/execute-actions';
import type { ActionEvent, GrepAction } from '../../src/runtime/events';
import { createGlobTool } from '../../src/runtime/tools/search/glob-tool';
import { createGrepTool } from '../../src/runtime/tools/search/grep-tool';
import { createListDirTool } from '../../src/runtime/tools/search/list-dir-tool';
import type { Tool, ToolContext } from '../../src/runtime/tools/tool';
import type { BenchFigure } from './bench-figure';

const FOLDERS = 100;
const FILES_PER_FOLDER = 100;
const RUNS = 5;
/** Calls in one reply for the parallel-versus-serial figure, and the limit that lets them all overlap. */
const CALLS = 8;

/**
 * grep over a generated repository of 10,000 source files (100 folders of 100, ~1.5 KB each, a
 * .gitignore'd build folder beside them): files with a rare match, and every matching line of a
 * common one. Then one reply of eight read-only calls (grep, glob, list_dir over that repository)
 * run by the agent's executor one after another (limit 1, upstream's default) and together (limit 8).
 */
export default async function readToolsBenchmark(): Promise<BenchFigure[]> {
  const root = await mkdtemp(join(tmpdir(), 'awb-bench-read-tools-'));
  try {
    const workspaceDir = join(root, 'workspace');
    await generateRepository(workspaceDir);
    const context: ToolContext = {
      conversationId: 'bench',
      workspaceDir,
      observationsDir: join(root, 'observations'),
      signal: new AbortController().signal,
    };
    const grep = createGrepTool();
    const rare = await timed(() => runGrep(grep, context, { pattern: 'needle_\\d+_7\\b' }));
    const common = await timed(() =>
      runGrep(grep, context, { pattern: 'function \\w+', output_mode: 'content' }),
    );
    const serial = await timed(() => runReply(context, 1));
    const parallel = await timed(() => runReply(context, CALLS));
    return [
      { name: 'grep 10,000 files: files with a rare match', unit: 'ms', samples: rare },
      {
        name: 'grep 10,000 files: every line of a common match (cut, full text saved)',
        unit: 'ms',
        samples: common,
      },
      {
        name: `${CALLS} read-only calls in one reply, one after another (limit 1)`,
        unit: 'ms',
        samples: serial,
      },
      {
        name: `${CALLS} read-only calls in one reply, together (limit ${CALLS})`,
        unit: 'ms',
        samples: parallel,
      },
    ];
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

async function generateRepository(workspaceDir: string): Promise<void> {
  await mkdir(join(workspaceDir, 'build'), { recursive: true });
  await writeFile(join(workspaceDir, '.gitignore'), 'build/\n');
  await writeFile(join(workspaceDir, 'build', 'bundle.js'), 'function ignored() {}\n'.repeat(10_000));
  for (let folder = 0; folder < FOLDERS; folder++) {
    const directory = join(workspaceDir, 'src', `module_${folder}`);
    await mkdir(directory, { recursive: true });
    await Promise.all(
      Array.from({ length: FILES_PER_FOLDER }, (_, file) =>
        writeFile(join(directory, `file_${file}.ts`), sourceText(folder, file)),
      ),
    );
  }
}

function sourceText(folder: number, file: number): string {
  const lines = [`// module ${folder}, file ${file}`, `import { helper } from '../shared';`];
  for (let index = 0; index < 12; index++) {
    lines.push(`export function handler_${folder}_${file}_${index}(input: number): number {`);
    lines.push(`  return helper(input * ${index}) + ${folder};`);
    lines.push('}');
  }
  if (file % 97 === 0) lines.push(`const needle_${folder}_${file % 10} = true;`);
  return `${lines.join('\n')}\n`;
}

async function runGrep(tool: Tool, context: ToolContext, args: Record<string, unknown>): Promise<void> {
  const parsed = tool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.error);
  const observation = await tool.execute(parsed.action as GrepAction, context);
  if (observation.is_error) throw new Error('grep failed in the benchmark');
}

/** One reply of read-only calls through the agent's executor, the answers appended nowhere. */
async function runReply(toolContext: ToolContext, limit: number): Promise<void> {
  const tools = [createGrepTool(), createGlobTool(), createListDirTool()];
  const calls: Array<[string, Record<string, unknown>]> = [
    ['grep', { pattern: 'needle' }],
    ['glob', { pattern: '**/file_1*.ts' }],
    ['grep', { pattern: 'helper\\(input \\* 11\\)', include: 'src/module_1*/**' }],
    ['list_dir', { depth: 2 }],
    ['grep', { pattern: 'module 42,' }],
    ['glob', { pattern: 'src/module_9*/*.ts' }],
    ['grep', { pattern: 'return helper', path: join(toolContext.workspaceDir, 'src', 'module_5') }],
    ['grep', { pattern: 'import \\{ helper \\}', include: '*_7.ts' }],
  ];
  const actions = calls.map(([name, args], index) => {
    const parsed = tools.find((tool) => tool.name === name)?.parseArguments(args);
    if (!parsed?.ok) throw new Error(`bad arguments for ${name}`);
    return {
      id: `a${index}`,
      tool_name: name,
      tool_call_id: `c${index}`,
      action: parsed.action,
    } as ActionEvent;
  });
  const context = {
    conversationId: 'bench',
    workspaceDir: toolContext.workspaceDir,
    observationsDir: toolContext.observationsDir,
    toolset: {
      tools,
      get: (name: string) => tools.find((tool) => tool.name === name),
      close: async () => {},
    },
    signal: toolContext.signal,
    toolConcurrencyLimit: limit,
    newId: () => 'id',
    now: () => new Date(0).toISOString(),
    append: async () => ({}),
  } as unknown as AgentContext;
  await executeActions(actions, context);
}

async function timed(run: () => Promise<void>): Promise<number[]> {
  await run(); // warm the page cache and the JIT
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}
