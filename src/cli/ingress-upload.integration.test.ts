import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, slowUpload } from './testing/slow-upload';
import { startTestWorkbench, type TestWorkbench } from './testing/start-test-workbench';

// The real launcher, ingress and runtime: uploads the runtime answers before reading the body.
const ITERATIONS = 30;
let workbench: TestWorkbench;

beforeAll(async () => {
  workbench = await startTestWorkbench();
});
afterAll(async () => {
  await workbench?.cleanup();
});

describe('multipart uploads through the ingress', () => {
  const upload = multipartBody(Buffer.alloc(900 * 1024, 'u'));

  it(`gets the runtime's 401 for a slow 900 KiB upload without the key, ${ITERATIONS} times out of ${ITERATIONS}`, async () => {
    const destination = encodeURIComponent(join(workbench.workspace, 'never.bin'));
    const outcomes: string[] = [];
    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      const result = await slowUpload(workbench.port, {
        path: `/api/file/upload?path=${destination}`,
        body: upload.body,
        headers: { 'content-type': upload.contentType },
      });
      outcomes.push(`${result.status} ${result.requestError ?? ''} ${result.body}`.trim());
    }
    expect(outcomes).toEqual(Array(ITERATIONS).fill('401  {"detail":"Unauthorized","code":"unauthorized"}'));
  });

  it(`gets the runtime's 403 for a slow upload over the data dir's settings, ${ITERATIONS} times`, async () => {
    const destination = encodeURIComponent(join(workbench.dataDir, 'settings.json'));
    const statuses: string[] = [];
    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      const result = await slowUpload(workbench.port, {
        path: `/api/file/upload?path=${destination}`,
        body: upload.body,
        headers: { 'content-type': upload.contentType, 'x-session-api-key': workbench.sessionKey },
      });
      statuses.push(`${result.status} ${result.requestError ?? ''}`.trim());
    }
    expect(statuses).toEqual(Array(ITERATIONS).fill('403'));
  });

  it('writes a 3 MiB upload sent as the upstream client sends it (fetch + FormData), and downloads it back', async () => {
    const content = Buffer.alloc(3 * 1024 * 1024, 'c');
    const destination = join(workbench.workspace, 'sub/dir/big.bin');
    const form = new FormData();
    form.append('file', new Blob([content]), 'big.bin');
    const response = await fetch(`${workbench.url}/api/file/upload?path=${encodeURIComponent(destination)}`, {
      method: 'POST',
      headers: { 'X-Session-API-Key': workbench.sessionKey },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, file_size: content.length });
    expect((await readFile(destination)).equals(content)).toBe(true);
    const back = await fetch(`${workbench.url}/api/file/download?path=${encodeURIComponent(destination)}`, {
      headers: { 'X-Session-API-Key': workbench.sessionKey },
    });
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(content)).toBe(true);
  });
});
