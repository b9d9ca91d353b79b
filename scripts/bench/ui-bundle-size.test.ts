import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { htmlScripts, measureUiBundle, staticImports } from './ui-bundle-size';

let dist: string | undefined;
afterEach(async () => {
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('measureUiBundle', () => {
  it('counts the entry, its modulepreloads and their static imports as initial, every other chunk as lazy', async () => {
    dist = mkdtempSync(join(tmpdir(), 'ui-bundle-'));
    mkdirSync(join(dist, 'assets'));
    const files = {
      'index-a.js':
        'import{j as e}from"./react-b.js";import"./shared-c.js";const p=()=>import("./page-d.js");',
      'react-b.js': 'export const j=1;',
      'shared-c.js': 'console.log("shared")',
      'page-d.js': 'import{x}from"./markdown-e.js";export default 1',
      'markdown-e.js': 'export const x="'.concat('m'.repeat(500), '";'),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, 'assets', name), text);
    writeFileSync(
      join(dist, 'index.html'),
      '<script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react-b.js">\n<link rel="stylesheet" href="/assets/index.css">',
    );
    const gz = (name: keyof typeof files) => gzipSync(files[name]).length;

    const size = measureUiBundle(dist);

    expect(size.initialFiles).toEqual(['assets/index-a.js', 'assets/react-b.js', 'assets/shared-c.js']);
    expect(size.initialGzipBytes).toBe(gz('index-a.js') + gz('react-b.js') + gz('shared-c.js'));
    expect(size.lazyGzipBytes).toBe(gz('page-d.js') + gz('markdown-e.js'));
  });
});

describe('the parts', () => {
  it('reads module scripts and modulepreloads from index.html, not stylesheets or classic scripts', async () => {
    const html =
      '<script src="/legacy.js"></script><script type="module" src="/assets/i.js"></script><link rel="modulepreload" href="/assets/v.js"><link rel="stylesheet" href="/assets/s.css">';
    expect(htmlScripts(html)).toEqual(['assets/i.js', 'assets/v.js']);
  });

  it('finds static imports and re-exports, not dynamic imports', async () => {
    expect(
      staticImports('import{a}from"./a.js";export{b}from"./b.js";import"./c.js";import("./d.js")'),
    ).toEqual(['./a.js', './b.js', './c.js']);
  });
});
