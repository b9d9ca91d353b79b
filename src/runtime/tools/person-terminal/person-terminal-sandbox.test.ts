import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readListeningPorts } from '../../network/listening-ports';
import { createToolset } from '../create-toolset';
import { requireExecutable } from '../../sandbox/testing/require-executable';
import type { Toolset } from '../tool';
import type { PersonTerminal, PersonTerminalEvent } from './person-terminal';

/**
 * The person's terminal through a real toolset and real bubblewrap: what a person types there runs
 * with the agent terminal's confinement, in the agent sandbox's network, and is recorded as theirs.
 */

let root: string;
let workspaceDir: string;
let dataDir: string;
let toolset: Toolset | undefined;
const recorded: { command: string; exitCode: number }[] = [];

beforeAll(() => {
  requireExecutable('bwrap', 'bubblewrap');
  requireExecutable('python3', 'python3');
});

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'awb-person-terminal-'));
  workspaceDir = join(root, 'workspace');
  dataDir = join(root, 'data');
  await mkdir(workspaceDir);
  await mkdir(dataDir);
  await writeFile(join(dataDir, 'session-key'), 'session-key-secret\n');
  recorded.length = 0;
});

afterEach(async () => {
  await toolset?.close();
  toolset = undefined;
  await rm(root, { recursive: true, force: true });
});

function makeToolset(): Toolset {
  toolset = createToolset({
    conversationId: 'c1',
    workspaceDir,
    observationsDir: join(dataDir, 'observations', 'c1'),
    dataDir,
    sandbox: true,
    recordPersonCommand: (command, exitCode) => recorded.push({ command, exitCode }),
  });
  return toolset;
}

/** Everything the terminal prints until `pattern` shows (the test's own timeout bounds the wait). */
function readUntil(terminal: PersonTerminal, pattern: RegExp, offset = 0): Promise<string> {
  return new Promise((resolve) => {
    let seen = '';
    const attached = terminal.attach(offset, (event: PersonTerminalEvent) => {
      if (event.kind !== 'output') return;
      seen += event.text;
      if (pattern.test(seen)) {
        attached.detach();
        resolve(seen);
      }
    });
    seen = attached.since.text;
    if (pattern.test(seen)) {
      attached.detach();
      resolve(seen);
    }
  });
}

describe('the person terminal', () => {
  it('runs typed commands in the sandbox: the data dir is hidden and no capability is held', async () => {
    const terminal = makeToolset().sandbox?.personTerminal() as PersonTerminal;
    expect(await terminal.open()).toBeUndefined();
    const start = terminal.attach(0, () => undefined);
    start.detach();
    terminal.write(
      `cat ${join(dataDir, 'session-key')}; grep CapEff /proc/self/status; echo done-$((6*7))\r`,
    );
    const output = await readUntil(terminal, /done-42/, start.since.from);
    expect(output).not.toContain('session-key-secret');
    expect(output).toMatch(/CapEff:\s*0000000000000000/);
    await readUntil(terminal, /[#$] $/, start.since.from);
    expect(recorded.map((entry) => entry.command)).toContain(
      `cat ${join(dataDir, 'session-key')}; grep CapEff /proc/self/status; echo done-$((6*7))`,
    );
  }, 30_000);

  it("shares the agent's network: a server the person starts is a port of the agent's sandbox", async () => {
    const tools = makeToolset();
    const terminal = tools.sandbox?.personTerminal() as PersonTerminal;
    expect(await terminal.open()).toBeUndefined();
    terminal.write('python3 -m http.server 8931 --bind 127.0.0.1 >/dev/null 2>&1 &\r');
    const member = await tools.sandbox?.networkMember(false);
    expect(typeof member).toBe('number');
    let ports: number[] = [];
    while (!ports.includes(8931)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ports = readListeningPorts(member as number);
    }
    expect(ports).toContain(8931);
  }, 30_000);
});
