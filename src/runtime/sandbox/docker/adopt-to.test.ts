import { chownSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_CONTAINER_USER } from './container-user';
import { adoptTo } from './docker-sandboxes';

let root: string;
let own: string;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'awb-adopt-to-')));
  own = join(root, 'project');
  mkdirSync(own);
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A folder owned by `uid` (the tests run as root, as CI does: chown is allowed). */
function folder(path: string, uid = 0): string {
  mkdirSync(path, { recursive: true });
  chownSync(path, uid, uid);
  return path;
}

describe('adoptTo: whom a root-owned folder the runtime made is handed to', () => {
  it("hands the runtime's own workspace and everything in it to uid 1000", () => {
    expect(adoptTo(own, [own])).toEqual(FALLBACK_CONTAINER_USER);
    expect(adoptTo(folder(join(own, 'src')), [own])).toEqual(FALLBACK_CONTAINER_USER);
  });

  it("hands a fork's branch folder, its parent and a conversation's worktree to the source's user", () => {
    expect(adoptTo(folder(join(root, 'project.branches', 'abc12345')), [own])).toEqual(
      FALLBACK_CONTAINER_USER,
    );
    expect(adoptTo(join(root, 'project.branches'), [own])).toEqual(FALLBACK_CONTAINER_USER);
    expect(adoptTo(folder(join(root, 'project.worktrees', 'abc12345', 'sub')), [own])).toEqual(
      FALLBACK_CONTAINER_USER,
    );
    // A fork of a fork follows the chain up to the runtime's workspace.
    const nested = folder(join(root, 'project.branches', 'abc12345.branches', 'def67890'));
    expect(adoptTo(nested, [own])).toEqual(FALLBACK_CONTAINER_USER);
  });

  it("hands a branch of a person's folder to that person, and refuses one of a root-owned folder a person picked", () => {
    const person = folder(join(root, 'theirs'), 1234);
    expect(adoptTo(person, [own])).toBeUndefined();
    expect(adoptTo(folder(join(root, 'theirs.branches', 'abc12345')), [own])).toEqual({
      uid: 1234,
      gid: 1234,
    });
    folder(join(root, 'roots'));
    expect(adoptTo(folder(join(root, 'roots.branches', 'abc12345')), [own])).toBeUndefined();
  });

  it("hands a branch of the repository holding the runtime's workspace to uid 1000, never the repository itself", () => {
    const repository = folder(join(root, 'repo'));
    const inner = folder(join(repository, 'app'));
    expect(adoptTo(repository, [inner])).toBeUndefined();
    expect(adoptTo(folder(join(root, 'repo.branches', 'abc12345', 'app')), [inner])).toEqual(
      FALLBACK_CONTAINER_USER,
    );
  });

  it('refuses a branch whose source is gone, and anything that only looks like a branch folder', () => {
    expect(adoptTo(folder(join(root, 'gone.branches', 'abc12345')), [own])).toBeUndefined();
    expect(adoptTo(folder(join(root, '.branches', 'abc12345')), [own])).toBeUndefined();
    expect(adoptTo(folder(join(root, 'elsewhere')), [own])).toBeUndefined();
  });
});
