import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Our config, the only one git reads (no system or global config; the workspace's own `.git` is
 * never used): no hooks, no fsmonitor, no gc, no line-ending or attribute conversion, no pager.
 */
const SHADOW_CONFIG = `[core]
\trepositoryformatversion = 0
\tbare = false
\tfilemode = true
\tsymlinks = true
\tautocrlf = false
\tsafecrlf = false
\tquotepath = false
\thooksPath = /dev/null
\tfsmonitor = false
\tuntrackedCache = false
\tsplitIndex = false
\tlogAllRefUpdates = false
\texcludesFile = /dev/null
\tattributesFile = /dev/null
\tpager = cat
[gc]
\tauto = 0
[maintenance]
\tauto = false
[commit]
\tgpgSign = false
[index]
\tversion = 4
[user]
\tname = Agent Workbench
\temail = checkpoints@agent-workbench.invalid
`;

/**
 * info/attributes wins over every .gitattributes in the workspace: no filters, no line-ending or
 * encoding conversion, no keyword expansion, no diff or merge driver, so files are stored and put back
 * byte for byte and nothing the agent wrote can name a program.
 */
const SHADOW_ATTRIBUTES = '* -text !eol -filter -ident !working-tree-encoding !diff !merge\n';

/** The files we own in a shadow repository, each with the content it must have. */
const OWN_FILES: Readonly<Record<string, string>> = {
  HEAD: 'ref: refs/heads/checkpoints\n',
  config: SHADOW_CONFIG,
  'info/attributes': SHADOW_ATTRIBUTES,
};
const FOLDERS = ['objects', 'refs/heads', 'refs/tags', 'info'];
const BUILDING = '.building-';

export type ShadowRepositoryState =
  | { kind: 'ready' }
  | { kind: 'created' }
  /** Found incomplete (a kill while an older version made it, a file lost): `missing` names what was put back. */
  | { kind: 'repaired'; missing: string[] };

/**
 * Makes sure `shadowDir` is a complete shadow repository. A new one is built aside
 * (`<shadowDir>.building-<random>`, next to it) and renamed into place, so a kill at any moment
 * leaves either no repository or a whole one. One found incomplete (an empty or missing `HEAD`, a
 * missing config or folder) is repaired in place: our own files are rewritten atomically, git's
 * (objects, refs, index) are kept, so earlier checkpoints survive. Throws file system errors.
 */
export async function ensureShadowRepository(shadowDir: string): Promise<ShadowRepositoryState> {
  if (!existsSync(shadowDir)) {
    if (await createAside(shadowDir)) return { kind: 'created' };
  }
  const missing = await incompleteParts(shadowDir);
  if (missing.length === 0) return { kind: 'ready' };
  for (const folder of FOLDERS) await mkdir(join(shadowDir, folder), { recursive: true, mode: 0o700 });
  await chmod(shadowDir, 0o700);
  for (const [file, content] of Object.entries(OWN_FILES)) {
    if (missing.includes(file)) await writeAtomic(join(shadowDir, file), content);
  }
  if (!existsSync(join(shadowDir, 'info', 'exclude')))
    await writeAtomic(join(shadowDir, 'info', 'exclude'), '');
  return { kind: 'repaired', missing };
}

/** What of ours is missing or not as we write it. */
async function incompleteParts(shadowDir: string): Promise<string[]> {
  const missing: string[] = [];
  for (const folder of FOLDERS) if (!existsSync(join(shadowDir, folder))) missing.push(folder);
  for (const [file, content] of Object.entries(OWN_FILES)) {
    const found = await readFile(join(shadowDir, file), 'utf8').catch(() => undefined);
    if (found !== content) missing.push(file);
  }
  return missing;
}

/** Builds the repository in a sibling folder and renames it into place; false when another got there first. */
async function createAside(shadowDir: string): Promise<boolean> {
  const parent = dirname(shadowDir);
  await mkdir(parent, { recursive: true, mode: 0o700 });
  await removeAbandonedBuilds(parent, basename(shadowDir));
  const building = `${shadowDir}${BUILDING}${randomBytes(6).toString('hex')}`;
  try {
    for (const folder of FOLDERS) await mkdir(join(building, folder), { recursive: true, mode: 0o700 });
    await chmod(building, 0o700);
    for (const [file, content] of Object.entries(OWN_FILES)) await writeFile(join(building, file), content);
    await writeFile(join(building, 'info', 'exclude'), '');
    await rename(building, shadowDir);
    return true;
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') return false;
    throw error;
  }
}

/** Folders a killed process was building for this repository: never renamed, so never used. */
async function removeAbandonedBuilds(parent: string, name: string): Promise<void> {
  const prefix = `${name}${BUILDING}`;
  for (const entry of await readdir(parent)) {
    if (entry.startsWith(prefix)) await rm(join(parent, entry), { recursive: true, force: true });
  }
}

/** A file written whole or not at all: a temporary beside it, renamed over it. */
async function writeAtomic(path: string, content: string): Promise<void> {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}
