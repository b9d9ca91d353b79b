import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findFolderCycles } from './find-folder-cycles';
import { findImportCycles } from './find-import-cycles';
import { findLongFiles } from './find-long-files';
import { findLongFunctions } from './find-long-functions';
import { findUpwardImports } from './find-upward-imports';
import type { HouseRuleViolation } from './house-rule-violation';
import { buildImportGraph } from './import-graph';
import { readProjectFiles } from './project-files';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function allViolations(): HouseRuleViolation[] {
  const files = readProjectFiles(repoRoot);
  const edges = buildImportGraph(files);
  return [
    ...findLongFiles(files),
    ...files.flatMap((file) => findLongFunctions(file)),
    ...findImportCycles(edges),
    ...findUpwardImports(edges),
    ...findFolderCycles(edges),
  ];
}

/**
 * STYLE.md's limits and ARCHITECTURE.md's import rules over every tracked source file, with no list of
 * exceptions: a file or function past its limit, a circle or an upward import fails here with the line
 * to change. house-rule-checkers.test.ts proves each checker fails on a small case of its own.
 */
describe('the house rules over every tracked source file', () => {
  it('no file over 400 lines, no function over 150, no import circle, no upward import', () => {
    expect(allViolations().map((violation) => violation.message)).toEqual([]);
  });
});
