import { describe, expect, it } from 'vitest';
import { createPreviewSite } from './preview-site';

const ID = '3f1c5b2a-8e7d-4c6b-9a5f-1e2d3c4b5a69';

describe('createPreviewSite', () => {
  it('names a port of a conversation by a host only its own URL holds', () => {
    const site = createPreviewSite(18001);
    const url = new URL(site.urlOf(ID, 8000));
    expect(url.hostname).toMatch(/^p8000-[0-9a-f]{32}\.localhost$/);
    expect(site.targetOf(url.host)).toEqual({ conversationId: ID, port: 8000 });
  });

  it('refuses a guessed token, the workbench host, another site port and a rebinding name', () => {
    const site = createPreviewSite(18001);
    const host = new URL(site.urlOf(ID, 8000)).host;
    expect(site.targetOf(`p8000-${'0'.repeat(32)}.localhost:18001`)).toBeUndefined();
    expect(site.targetOf('localhost:18001')).toBeUndefined();
    expect(site.targetOf(host.replace(':18001', ':18002'))).toBeUndefined();
    expect(site.targetOf(`${host.split(':')[0]}.evil.example:18001`)).toBeUndefined();
    expect(site.targetOf(undefined)).toBeUndefined();
  });
});
