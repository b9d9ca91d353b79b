import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { call, mockLlm, registerRestWorkbench, workbench } from './testing/rest-workbench';

// The real launcher and runtime with the mock LLM, through REST as a browser or upstream client calls it.
registerRestWorkbench({ model: 'mock-model' });

async function until(probe: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`still not ${what} after ${timeoutMs} ms`);
    await sleep(50);
  }
}

const info = async (id: string) => (await call('GET', `/api/conversations/${id}`)).json;

describe('max_concurrent_runs through REST', () => {
  it('with a limit of 1 a second run waits in the queue and starts when the first finishes', async () => {
    const limited = await call('PATCH', '/api/settings', { max_concurrent_runs: 1 });
    expect(limited.status).toBe(200);
    expect((await call('GET', '/api/settings')).json).toMatchObject({
      max_concurrent_runs: 1,
      max_concurrent_runs_default: false,
    });
    // The first answer takes long enough for the second run to be asked for meanwhile.
    mockLlm.setScript({
      turns: [{ text: 'first done', delay_ms: 2_000 }],
      fallback: { text: 'second done' },
    });
    const requestsBefore = mockLlm.requests().length;
    const first = (
      await call('POST', '/api/conversations', { workspace: { working_dir: workbench.workspace } })
    ).json.id as string;
    const second = (
      await call('POST', '/api/conversations', { workspace: { working_dir: workbench.workspace } })
    ).json.id as string;
    const message = (text: string, run: boolean) => ({
      role: 'user',
      content: [{ type: 'text', text }],
      run,
    });
    expect((await call('POST', `/api/conversations/${first}/events`, message('one', true))).status).toBe(200);
    await until(async () => mockLlm.requests().length > requestsBefore, 'asked the model');
    // Our message-with-run for the first, upstream's /run for the second.
    expect((await call('POST', `/api/conversations/${second}/events`, message('two', false))).status).toBe(
      200,
    );
    expect((await call('POST', `/api/conversations/${second}/run`, {})).status).toBe(200);

    const waiting = await info(second);
    expect(waiting.execution_status).toBe('idle');
    expect(waiting.run_queue).toEqual({ position: 1, queued_at: expect.any(String) });
    expect((await info(first)).execution_status).toBe('running');
    expect(mockLlm.requests().length).toBe(requestsBefore + 1);
    const listed = (await call('GET', '/api/conversations/search?limit=10')).json.items as {
      id: string;
      run_queue: unknown;
    }[];
    expect(listed.find((item) => item.id === second)?.run_queue).toMatchObject({ position: 1 });

    await until(async () => (await info(first)).execution_status === 'finished', 'finished first');
    await until(async () => (await info(second)).execution_status === 'finished', 'finished second');
    expect((await info(second)).run_queue).toBeNull();
    expect(mockLlm.requests().length).toBe(requestsBefore + 2);
    await call('PATCH', '/api/settings', { max_concurrent_runs: null });
  }, 60_000);
});
