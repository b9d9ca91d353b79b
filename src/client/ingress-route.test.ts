import { describe, expect, it } from 'vitest';
import { isSocketPath, routeFor } from './ingress-route';

describe('routeFor', () => {
  const cases: Array<[string, 'runtime' | 'automation' | 'auth' | 'spa']> = [
    ['/api', 'runtime'],
    // The longer prefix wins: the automation service's routes are not the runtime's.
    ['/api/automation', 'automation'],
    ['/api/automation/automations/abc/run', 'automation'],
    ['/api/automation?x=1', 'automation'],
    ['/api/automations', 'runtime'],
    ['/api/conversations', 'runtime'],
    ['/api/settings', 'runtime'],
    ['/api?x=1', 'runtime'],
    ['/apix', 'spa'],
    ['/api-docs', 'spa'],
    ['/sockets/session/abc', 'runtime'],
    ['/socketsx', 'spa'],
    ['/server_info', 'runtime'],
    ['/server_info?verbose=1', 'runtime'],
    ['/server_infos', 'spa'],
    ['/alive', 'runtime'],
    ['/health', 'runtime'],
    ['/healthz', 'spa'],
    ['/ready', 'runtime'],
    ['/openapi.json', 'runtime'],
    ['/openapi.jsonx', 'spa'],
    ['/auth/session', 'auth'],
    ['/auth/logout', 'auth'],
    ['/authx', 'spa'],
    ['/', 'spa'],
    ['/conversations/123', 'spa'],
    ['/assets/index-abc123.js', 'spa'],
    ['', 'spa'],
  ];
  it.each(cases)('sends %s to %s', (path, target) => {
    expect(routeFor(path)).toBe(target);
  });

  it('prefers the longest matching prefix', () => {
    const routes = [
      { prefix: '/', target: 'spa' as const },
      { prefix: '/api', target: 'runtime' as const },
      { prefix: '/api/static', target: 'spa' as const },
    ];
    expect(routeFor('/api/static/logo.png', routes)).toBe('spa');
    expect(routeFor('/api/staticx', routes)).toBe('runtime');
    expect(routeFor('/api/other', routes)).toBe('runtime');
  });
});

describe('isSocketPath', () => {
  it('allows upgrades only under /sockets/', () => {
    expect(isSocketPath('/sockets/session/abc?after_seq=1')).toBe(true);
    expect(isSocketPath('/sockets')).toBe(false);
    expect(isSocketPath('/socketsx/a')).toBe(false);
    expect(isSocketPath('/api/settings')).toBe(false);
    expect(isSocketPath('/server_info')).toBe(false);
    expect(isSocketPath('/')).toBe(false);
  });
});
