import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireExecutable } from '../../runtime/sandbox/testing/require-executable';
import { storedZip } from './stored-zip';

const folder = mkdtempSync(join(tmpdir(), 'awb-stored-zip-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Python's zipfile checks every CRC and size as it reads, so it is the oracle here. */
const READ_BACK = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as archive:
    assert archive.testzip() is None
    print(json.dumps({info.filename: archive.read(info).decode("utf-8") for info in archive.infolist()}))
`;

describe('storedZip', () => {
  it('writes an archive that unzip and Python read back byte for byte, UTF-8 names and empty files included', () => {
    const python = requireExecutable('python3', 'python3');
    const unzip = requireExecutable('unzip', 'unzip');
    const entries = {
      'abc/base_state.json': '{"id":"abc"}',
      'abc/events/event-00000-x.json': 'x'.repeat(70_000),
      'abc/café ✓.txt': 'utf-8 name',
      'abc/empty.txt': '',
    };
    const path = join(folder, 'archive.zip');
    writeFileSync(
      path,
      storedZip(Object.entries(entries).map(([name, text]) => ({ name, data: Buffer.from(text) }))),
    );
    expect(JSON.parse(execFileSync(python, ['-c', READ_BACK, path]).toString())).toEqual(entries);
    expect(execFileSync(unzip, ['-t', path]).toString()).toMatch(/No errors detected/);
  });

  it('gives the same bytes for the same entries', () => {
    const entries = [{ name: 'a.txt', data: Buffer.from('a') }];
    expect(storedZip(entries).equals(storedZip(entries))).toBe(true);
  });
});
