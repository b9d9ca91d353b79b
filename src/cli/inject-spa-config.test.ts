import { describe, expect, it } from 'vitest';
import { injectSpaConfig, scriptSafeJson } from './inject-spa-config';

describe('scriptSafeJson', () => {
  it('cannot close the script tag and still parses to the same value', () => {
    const value = { sessionKey: 'k', defaultWorkspace: '/tmp/</script><script>alert(1)</script>&\u2028' };
    const json = scriptSafeJson(value);
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    expect(json).not.toContain('\u2028');
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('injectSpaConfig', () => {
  const config = { sessionKey: 'abc', defaultWorkspace: '/work/space' };

  it('defines window.__AGENT_WORKBENCH__ right after <head>', () => {
    const html =
      '<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/a.js"></script></head></html>';
    const out = injectSpaConfig(html, config);
    expect(out).toContain(
      '<head><script>window.__AGENT_WORKBENCH__={"sessionKey":"abc","defaultWorkspace":"/work/space"}</script><meta',
    );
    expect(out.indexOf('__AGENT_WORKBENCH__')).toBeLessThan(out.indexOf('/a.js'));
  });

  it('handles a <head> with attributes and a page without one', () => {
    expect(injectSpaConfig('<head lang="en"></head>', config)).toMatch(/^<head lang="en"><script>/);
    expect(injectSpaConfig('<p>hi</p>', config)).toMatch(
      /^<script>window.__AGENT_WORKBENCH__=.*<\/script><p>hi<\/p>$/,
    );
  });

  it('does not mistake <header> for <head>', () => {
    expect(injectSpaConfig('<header>x</header>', config)).toMatch(/^<script>/);
  });
});
