import { describe, expect, it } from 'vitest';
import { findFolderCycles } from './find-folder-cycles';
import { findImportCycles } from './find-import-cycles';
import { findLongFiles } from './find-long-files';
import { findLongFunctions } from './find-long-functions';
import { findUpwardImports } from './find-upward-imports';
import { buildImportGraph, resolveSpecifier } from './import-graph';
import type { ProjectFile } from './project-files';
import { readImports } from './read-imports';

/** `count` lines of text, the last one ended. */
function lines(count: number, line = 'const x = 1;'): string {
  return `${Array.from({ length: count }, () => line).join('\n')}\n`;
}

/** A function whose text spans `span` lines from its header to its closing brace. */
function functionOf(span: number, header = 'export function tooLong(): void {'): string {
  return `${header}\n${lines(span - 2, '  step();')}}\n`;
}

describe('the house-rule checkers', () => {
  it('a 401-line file breaks the file limit, a 400-line one does not', () => {
    const [violation, ...rest] = findLongFiles([
      { path: 'src/x/long.ts', text: lines(401) },
      { path: 'src/x/fits.ts', text: lines(400) },
    ]);
    expect(rest).toEqual([]);
    expect(violation?.message).toBe(
      'src/x/long.ts:401 has 401 lines, over the limit of 400: split it by concern',
    );
  });

  it('a 151-line function breaks the function limit, names itself and its lines', () => {
    const file = {
      path: 'src/x/a.ts',
      text: `${lines(2)}${functionOf(151)}${functionOf(150, 'function fits() {')}`,
    };
    const violations = findLongFunctions(file);
    expect(violations.map((violation) => violation.message)).toEqual([
      'src/x/a.ts:3 function tooLong spans 151 lines (3-153), over the limit of 150: split it into named steps',
    ]);
  });

  it('counts arrows, methods and components, but not a callback given straight to describe/it/test', () => {
    const body = lines(160, '  step();');
    const text = [
      `describe('block', () => {\n${body}});`,
      `describe.each([1])('each %s', () => {\n${body}});`,
      `test.describe.serial('serial', () => {\n${body}});`,
      `it('case', async () => {\n${body}});`,
      `const arrow = () => {\n${body}};`,
      `class Room {\n  method() {\n${body}  }\n}`,
      `export function Page() {\n  return (<div>\n${lines(160, '    <p />')}  </div>);\n}`,
      `beforeEach(() => {\n${body}});`,
    ].join('\n');
    const names = findLongFunctions({ path: 'src/x/a.test.tsx', text }).map((violation) =>
      violation.message.replace(/^.* function (.*) spans.*$/, '$1'),
    );
    expect(names).toEqual(['arrow', 'method', 'Page', 'callback of beforeEach']);
  });

  it('a two-file circle of type imports is a type-only circle naming both import lines', () => {
    const files: ProjectFile[] = [
      { path: 'src/x/a.ts', text: "import type { B } from './b';\nexport type A = { b: B };\n" },
      { path: 'src/x/b.ts', text: "\nimport { type A } from './a.js';\nexport type B = { a?: A };\n" },
    ];
    const [violation, ...rest] = findImportCycles(buildImportGraph(files));
    expect(rest).toEqual([]);
    expect(violation?.rule).toBe('type-only-circle');
    expect(violation?.message).toMatch(
      /^type-only circle: src\/x\/a\.ts:1 imports type '\.\/b' -> src\/x\/b\.ts:2 imports type '\.\/a\.js' -> back to src\/x\/a\.ts/,
    );
  });

  it('a circle with one value import is an import cycle', () => {
    const files: ProjectFile[] = [
      { path: 'src/x/a.ts', text: "import { b } from './b';\nexport const a = b;\n" },
      { path: 'src/x/b.ts', text: "import type { A } from './a';\nexport const b = 1;\n" },
      { path: 'src/x/c.ts', text: "import { a } from './a';\n" },
    ];
    expect(findImportCycles(buildImportGraph(files)).map((violation) => violation.rule)).toEqual([
      'import-cycle',
    ]);
  });

  it('an import the layer table does not allow is an upward import, with its line and the allowed list', () => {
    const files: ProjectFile[] = [
      { path: 'src/runtime/events/event.ts', text: 'export type Event = {};\n' },
      { path: 'src/runtime/events/index.ts', text: "export * from './event';\n" },
      { path: 'src/ui/view.ts', text: "\n\nimport type { Event } from '../runtime/events';\n" },
      { path: 'src/cli/testing/free-port.ts', text: 'export const port = 0;\n' },
      {
        path: 'src/runtime/llm/check.test.ts',
        text: "import { port } from '../../cli/testing/free-port';\n",
      },
      { path: 'src/runtime/llm/check.ts', text: "import { port } from '../../cli/testing/free-port';\n" },
    ];
    const messages = findUpwardImports(buildImportGraph(files)).map((violation) => violation.message);
    expect(messages).toEqual([
      "upward import: src/ui/view.ts:3 imports '../runtime/events' (src/runtime/events/index.ts); src/ui may import only src/client, src/event-facts (docs/ARCHITECTURE.md)",
      "upward import: src/runtime/llm/check.ts:1 imports '../../cli/testing/free-port' (src/cli/testing/free-port.ts); src/runtime may import only src/event-facts (docs/ARCHITECTURE.md)",
    ]);
  });

  it('two sibling folders importing each other is an upward import naming both sides; tests do not count', () => {
    const files: ProjectFile[] = [
      { path: 'src/ui/changes/diff.ts', text: "import { lineDiff } from '../conversation/line-diff';\n" },
      { path: 'src/ui/conversation/line-diff.ts', text: 'export const lineDiff = 1;\n' },
      { path: 'src/ui/conversation/page.tsx', text: "\nimport { diff } from '../changes/diff';\n" },
      { path: 'src/ui/history/row.tsx', text: "import { lineDiff } from '../conversation/line-diff';\n" },
      { path: 'src/ui/conversation/page.test.tsx', text: "import { row } from '../history/row';\n" },
    ];
    const violations = findFolderCycles(buildImportGraph(files));
    expect(violations.map((violation) => violation.message)).toEqual([
      "upward import between sibling folders src/ui/changes <-> src/ui/conversation: src/ui/changes/diff.ts:1 '../conversation/line-diff' against src/ui/conversation/page.tsx:2 '../changes/diff'; one direction must go",
    ]);
  });

  it('a loop of three sibling folders is an upward import too', () => {
    const files: ProjectFile[] = [
      { path: 'src/runtime/a/a.ts', text: "import '../b/b';\n" },
      { path: 'src/runtime/b/b.ts', text: "import '../c/c';\n" },
      { path: 'src/runtime/c/c.ts', text: "import '../a/a';\n" },
    ];
    const [violation] = findFolderCycles(buildImportGraph(files));
    expect(violation?.paths).toEqual(['src/runtime/a', 'src/runtime/b', 'src/runtime/c']);
    expect(violation?.message).toMatch(
      /^upward import round sibling folders: src\/runtime\/a -> src\/runtime\/b/,
    );
  });

  it('reads imports with the parser: type-only forms, dynamic imports, never text in strings', () => {
    const text = [
      "import type { A } from './a';",
      "import { type B, type C } from './b';",
      "import { d, type E } from './d';",
      "export type { F } from './f';",
      "const g = await import('./g');",
      "type H = import('./h').H;",
      'const text = "import { x } from \'./not-an-import\'";',
    ].join('\n');
    expect(readImports('src/x.ts', text)).toEqual([
      { specifier: './a', line: 1, typeOnly: true },
      { specifier: './b', line: 2, typeOnly: true },
      { specifier: './d', line: 3, typeOnly: false },
      { specifier: './f', line: 4, typeOnly: true },
      { specifier: './g', line: 5, typeOnly: false },
      { specifier: './h', line: 6, typeOnly: true },
    ]);
  });

  it('resolves .js to .ts or .tsx and a folder to its index, as the code does', () => {
    const files = new Set(['src/a/b.ts', 'src/a/c.tsx', 'src/a/d/index.ts', 'scripts/e.mjs']);
    expect(resolveSpecifier('src/a/x.ts', './b.js', files)).toBe('src/a/b.ts');
    expect(resolveSpecifier('src/a/x.ts', './c.js', files)).toBe('src/a/c.tsx');
    expect(resolveSpecifier('src/a/x.ts', './d', files)).toBe('src/a/d/index.ts');
    expect(resolveSpecifier('src/a/x.ts', '../../scripts/e.mjs', files)).toBe('scripts/e.mjs');
    expect(resolveSpecifier('src/a/x.ts', 'zod', files)).toBeUndefined();
    expect(resolveSpecifier('src/a/x.ts', './styles.css', files)).toBeUndefined();
  });
});
