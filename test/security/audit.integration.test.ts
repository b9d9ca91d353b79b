import { readFileSync, statSync, symlinkSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandLine, hostProcessesMatching } from '../../src/cli/testing/child-pids';
import { isProcessAlive } from '../../src/cli/testing/process-gone';
import {
  type AuditedWorkbench,
  auditedWorkbenchFor,
  editorTurn,
  LLM_KEY,
  observationTexts,
  terminalTurn,
} from './audited-workbench';

// The attacks of the confinement audit, replayed through the real launcher, the real runtime, the mock
// model and each real sandbox: bubblewrap (the default) and docker (`--sandbox docker`, the default
// image). Each one did harm before the confinement work; each must now fail, on both, with the same
// results; where an observable differs on docker, the test says why and asserts the same property.

/** The workbench of the describe running now: each sandbox's run starts its own and closes it. */
let workbench: AuditedWorkbench;

const FINISH = { tool_calls: [{ name: 'finish', arguments: { message: 'done' } }] };

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

describe.each(['bubblewrap', 'docker'] as const)('confinement audit (%s)', (sandbox) => {
  auditedWorkbenchFor(sandbox, (started) => {
    workbench = started;
  });
  it('1: a command cannot reach the ingress or the runtime, so it cannot lower its own policy', async () => {
    const { port, runtimePort } = workbench;
    // The attack: read the key out of the page, then set the conversation's own policy to NeverConfirm.
    const steal = [
      `page=$(curl -s -m 3 http://127.0.0.1:${port}/); echo "ingress-exit=$?"`,
      `key=$(printf %s "$page" | grep -o '[0-9a-f]\\{64\\}' | head -n 1)`,
      `ids=$(curl -s -m 3 -H "X-Session-API-Key: $key" http://localhost:${runtimePort}/api/conversations/search); echo "runtime-exit=$?"`,
      `(exec 3<>/dev/tcp/127.0.0.1/${runtimePort}) 2>/dev/null; echo "devtcp-exit=$?"`,
    ].join('; ');
    // A person approves the first command (it looks like a harmless fetch); the second is HIGH risk.
    const run = await workbench.runTurns(
      [terminalTurn(steal), terminalTurn('rm -rf /tmp/scratch-of-the-agent', 'HIGH')],
      { approveCount: 1 },
    );
    const [output] = observationTexts(run);
    expect(output).toMatch(/ingress-exit=7/);
    expect(output).toMatch(/runtime-exit=7/);
    expect(output).toMatch(/devtcp-exit=1/);
    expect(run.transcript).not.toContain(workbench.sessionKey);
    // The HIGH-risk step still waits for a person, under the policy it started with.
    expect(run.status).toBe('waiting_for_confirmation');
    const info = await workbench.api.json('GET', `/api/conversations/${run.id}`);
    expect(info.confirmation_policy).toMatchObject({ kind: 'ConfirmRisky' });
    expect(info.pending_action_ids).toHaveLength(1);
  });

  it('1b: a command cannot reach the automation service, so it cannot make an automation that asks nothing', async () => {
    const { automationPort, sessionKey } = workbench;
    // The attack: with a key it somehow has, make an automation that never asks, and run it now. Its
    // service listens on the host's loopback like the runtime; the shell has its own network namespace.
    const body = JSON.stringify({
      name: 'planted',
      workspace: workbench.workspace,
      message: 'rm -rf ~',
      confirmation_policy: { kind: 'NeverConfirm' },
    });
    const plant = [
      `curl -s -m 3 http://127.0.0.1:${automationPort}/health; echo "health-exit=$?"`,
      `curl -s -m 3 -X POST -H 'Content-Type: application/json' -H "X-Session-API-Key: ${sessionKey}" -d '${body}' http://localhost:${automationPort}/api/automation/automations; echo "create-exit=$?"`,
      `(exec 3<>/dev/tcp/127.0.0.1/${automationPort}) 2>/dev/null; echo "devtcp-exit=$?"`,
    ].join('; ');
    const off = await workbench.runTurns([terminalTurn(plant), FINISH], {
      confirmationPolicy: { kind: 'NeverConfirm' },
    });
    const [offOutput = ''] = observationTexts(off);
    expect(offOutput).toMatch(/health-exit=7/);
    expect(offOutput).toMatch(/create-exit=7/);
    expect(offOutput).toMatch(/devtcp-exit=1/);

    // With the network on and even `localhost` allowlisted, the proxy refuses it.
    const settings = await workbench.api.json('GET', '/api/settings');
    const allowlist = (settings.sandbox as { network_allowlist: string[] }).network_allowlist;
    await workbench.api.json('PATCH', '/api/settings', {
      sandbox: { network_allowlist: [...allowlist, 'localhost'] },
    });
    try {
      const through = `env -u NO_PROXY -u no_proxy curl -s -m 5 -x "$HTTP_PROXY" -w " proxy-status=%{http_code}" http://localhost:${automationPort}/health; echo; curl -s -m 3 --noproxy '*' http://localhost:${automationPort}/health; echo "direct-exit=$?"`;
      const on = await workbench.runTurns([terminalTurn(through), FINISH], {
        confirmationPolicy: { kind: 'NeverConfirm' },
        networkAccess: true,
      });
      const [onOutput = ''] = observationTexts(on);
      // Allowlisted, so another rule refuses it: its port (only 80 and 443), and its address.
      expect(onOutput).toMatch(/blocked by Agent Workbench: port \d+ is not allowed/);
      expect(onOutput).toMatch(/proxy-status=403/);
      expect(onOutput).toMatch(/direct-exit=7/);
      expect(onOutput).not.toContain('"status":"OK"');
    } finally {
      await workbench.api.json('PATCH', '/api/settings', { sandbox: { network_allowlist: allowlist } });
    }
    expect(offOutput).not.toContain('"status":"OK"');
    const automations = await workbench.api.json('GET', '/api/automation/automations');
    expect(automations.items).toEqual([]);
  });

  it('2: the file editor reads nothing outside the workspace, through symlinks or ../ either', async () => {
    const { dataDir, workspace } = workbench;
    symlinkSync(dataDir, join(workspace, 'link-to-data'));
    symlinkSync('/etc/passwd', join(workspace, 'passwd'));
    symlinkSync('..', join(workspace, 'up'));
    const paths = [
      join(dataDir, 'session-key'),
      join(dataDir, 'settings.json'),
      '/etc/passwd',
      `${workspace}/../.agent-workbench/session-key`,
      join(workspace, 'link-to-data', 'session-key'),
      join(workspace, 'passwd'),
      join(workspace, 'up', '.agent-workbench', 'session-key'),
    ];
    const run = await workbench.runTurns(
      [...paths.map((path) => editorTurn({ command: 'view', path })), FINISH],
      { confirmationPolicy: { kind: 'NeverConfirm' } },
    );
    const observations = run.events.filter(
      (event) => event.kind === 'ObservationEvent' && event.tool_name === 'file_editor',
    );
    expect(observations).toHaveLength(paths.length);
    for (const event of observations) {
      expect((event.observation as { is_error: boolean }).is_error).toBe(true);
    }
    expect(run.transcript).not.toContain(workbench.sessionKey);
    expect(run.transcript).not.toMatch(/root:x:0:0/);
  });

  it('3: the data dir and credential files are invisible to commands, even with HOME as workspace', async () => {
    const { dataDir } = workbench;
    const commands = [
      'cat ~/.agent-workbench/session-key',
      `cat ${dataDir}/session-key ${dataDir}/settings.json`,
      'cat ~/.ssh/id_ed25519 ~/.aws/credentials',
      'ls -la ~ ~/.agent-workbench',
    ].join('; ');
    const inProject = await workbench.runTurns([terminalTurn(commands), FINISH], {
      confirmationPolicy: { kind: 'NeverConfirm' },
    });
    const inHome = await workbench.runTurns(
      [terminalTurn(`${commands}; cat .agent-workbench/session-key .ssh/id_ed25519`), FINISH],
      { confirmationPolicy: { kind: 'NeverConfirm' }, workspace: workbench.home },
    );
    for (const run of [inProject, inHome]) {
      expect(observationTexts(run)[0]).toMatch(/No such file or directory/);
      expect(run.transcript).not.toContain(workbench.sessionKey);
      expect(run.transcript).not.toContain('PRIVATE-SSH-KEY-MATERIAL');
      expect(run.transcript).not.toContain('AWS-SECRET');
    }
  });

  it('5: started as root, a command has no capabilities, no host processes and no way into the runtime', async () => {
    // On docker a command runs as uid 1000, never root (container-user.ts), with every capability
    // dropped: the same checks hold, and the runtime's and launcher's pids are not in its PID namespace.
    const runtimePid = workbench.runtimePid() ?? 0;
    const launcherPid = workbench.launcher.pid;
    const run = await workbench.runTurns(
      [
        terminalTurn(
          [
            'grep CapEff /proc/self/status',
            'mount -o remount,rw / 2>/dev/null; echo "remount-exit=$?"',
            'nsenter -t 1 -m -p true 2>/dev/null; echo "nsenter-exit=$?"',
            `cat /proc/${runtimePid}/environ /proc/${launcherPid}/environ 2>/dev/null | tr '\\0' '\\n' | grep -c KEY; echo "environ-done"`,
            `kill -9 ${runtimePid} ${launcherPid} 2>/dev/null; echo "kill-exit=$?"`,
            'echo "processes=$(ls /proc | grep -cE "^[0-9]+$")"',
          ].join('; '),
        ),
        FINISH,
      ],
      { confirmationPolicy: { kind: 'NeverConfirm' } },
    );
    const [output = ''] = observationTexts(run);
    expect(output).toMatch(/CapEff:\s+0000000000000000/);
    expect(output).not.toMatch(/remount-exit=0/);
    expect(output).not.toMatch(/nsenter-exit=0/);
    expect(output).not.toMatch(/kill-exit=0/);
    const processes = Number(/processes=(\d+)/.exec(output)?.[1]);
    expect(processes).toBeLessThan(10);
    expect(run.transcript).not.toContain(LLM_KEY);
    expect(run.transcript).not.toContain(workbench.sessionKey);
    expect(isProcessAlive(runtimePid)).toBe(true);
  });

  it('7: background jobs end when their conversation is deleted mid-run', async () => {
    // Durations of this run's own: other tests' sleeps on the host (or this test's under the other
    // sandbox) can never be counted as these.
    const base = 70_000 + Math.floor(Math.random() * 20_000) * 10;
    const [bare, nohup, session, foreground] = [1, 2, 3, 4].map((offset) => String(base + offset));
    workbench.mockLlm.setScript({
      turns: [
        terminalTurn(
          `(sleep ${bare} &); nohup sleep ${nohup} >/dev/null 2>&1 & disown; setsid sleep ${session} & echo started`,
        ),
        terminalTurn(`sleep ${foreground}`),
      ],
    });
    const created = await workbench.api.json('POST', '/api/conversations', {
      confirmation_policy: { kind: 'NeverConfirm' },
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Start jobs' }], run: true },
    });
    const id = String(created.id);
    const ours = new RegExp(`^sleep (${bare}|${nohup}|${session}|${foreground})$`);
    const detached = new RegExp(`^sleep (${bare}|${nohup}|${session})$`);
    try {
      const started = await waitUntil(() => hostProcessesMatching(detached).length === 3, 10_000);
      // What a failure needs to be read: the jobs seen, and how far the conversation got.
      const seen = hostProcessesMatching(detached).map((pid) => `${pid}: ${commandLine(pid)}`);
      const events = await workbench.api.json('GET', `/api/conversations/${id}/events/search?limit=100`);
      const kinds = (events.items as { kind?: string }[]).map((event) => event.kind).join(', ');
      expect(started, `jobs seen: [${seen.join('; ')}]; events: ${kinds}`).toBe(true);
    } finally {
      await workbench.api.json('DELETE', `/api/conversations/${id}`);
    }
    expect(await waitUntil(() => hostProcessesMatching(ours).length === 0, 5_000)).toBe(true);
  });

  it('9: a process flood stops at the limit, says so, and leaves the terminal usable', async () => {
    const run = await workbench.runTurns(
      [
        // bash retries a refused fork for a while, so the flood gets a hard time limit.
        terminalTurn('for i in $(seq 1 3000); do sleep 120 & done 2>/dev/null; echo "flooded"', 'LOW', {
          timeout: 8,
        }),
        // bash keeps retrying refused forks through C-c; a reset is the agent's way out.
        terminalTurn('echo still-alive', 'LOW', { reset: true }),
        FINISH,
      ],
      { confirmationPolicy: { kind: 'NeverConfirm' } },
    );
    const [flood = '', after = ''] = observationTexts(run);
    expect(flood).toMatch(/process limit/i);
    expect(after).toContain('still-alive');
    expect(hostProcessesMatching(/^sleep 120$/).length).toBeLessThanOrEqual(1024);
    // Deleting the conversation ends its terminal, and everything the flood started with it. The
    // kernel reaps up to 512 processes; on a loaded two-core machine that has taken over 10 s.
    await workbench.api.json('DELETE', `/api/conversations/${run.id}`);
    expect(await waitUntil(() => hostProcessesMatching(/^sleep 120$/).length === 0, 30_000)).toBe(true);
  }, 60_000);

  it('network: off by default; on, only allowlisted hosts are reachable, through the proxy', async () => {
    const probe = terminalTurn(
      'curl -sS -m 5 http://not-on-the-list.test/ 2>&1; echo; echo "proxy=$HTTP_PROXY"',
      'LOW',
    );
    const off = await workbench.runTurns([probe, FINISH], { confirmationPolicy: { kind: 'NeverConfirm' } });
    expect(observationTexts(off)[0]).toContain('network is off for this conversation');
    const on = await workbench.runTurns([probe, FINISH], {
      confirmationPolicy: { kind: 'NeverConfirm' },
      networkAccess: true,
    });
    const [output = ''] = observationTexts(on);
    expect(output).toContain('not-on-the-list.test is not in the network allowlist');
    expect(output).toContain('proxy=http://127.0.0.1:3128');
    const info = await workbench.api.json('GET', `/api/conversations/${on.id}`);
    expect(info.network_access).toBe(true);
  });

  it('10: a key printed by a command is never stored, streamed, searchable or sent to the model', async () => {
    const base64 = Buffer.from(LLM_KEY).toString('base64');
    const github = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const leak = `key=${LLM_KEY}\nb64=${base64}\ngh=${github}\n`;
    const run = await workbench.runTurns(
      [terminalTurn(`printf '${leak.replace(/\n/g, '\\n')}'`), { text: 'I saw nothing.' }],
      { confirmationPolicy: { kind: 'NeverConfirm' } },
    );
    for (const value of [LLM_KEY, base64, github]) {
      expect(run.transcript).not.toContain(value);
      const modelInput = JSON.stringify(workbench.mockLlm.requests().map((request) => request.body));
      expect(modelInput).not.toContain(value);
      for (const file of ['workbench.db', 'workbench.db-wal']) {
        const bytes = readFileSync(join(workbench.dataDir, file), { flag: 'r' });
        expect(bytes.includes(Buffer.from(value))).toBe(false);
      }
    }
    const search = await workbench.api.json(
      'GET',
      `/api/conversations/search?q=${encodeURIComponent(LLM_KEY)}`,
    );
    expect(JSON.stringify(search)).not.toContain(LLM_KEY);
  });

  it('11: the runtime port checks Host and Origin, the page is not frameable, files are private', async () => {
    const { runtimePort, sessionKey, dataDir } = workbench;
    const foreignHost = await rawGet(runtimePort, '/api/settings', {
      host: 'evil.test',
      'x-session-api-key': sessionKey,
    });
    expect(foreignHost.status).toBe(403);
    const foreignOrigin = await rawGet(runtimePort, '/api/settings', {
      origin: 'http://evil.test',
      'x-session-api-key': sessionKey,
    });
    expect(foreignOrigin.status).toBe(403);
    const page = await fetch(`${workbench.origin}/`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("'unsafe-inline' 'self'");
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await page.text();
    expect(body).not.toContain(sessionKey);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    for (const file of ['session-key', 'workbench.db']) {
      expect(statSync(join(dataDir, file)).mode & 0o777).toBe(0o600);
    }
  });
});

function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}
