import { join } from 'node:path';
import { parseSkillFile } from './parse-skill-file';
import { listConfinedDirectory, readConfinedText } from './workspace-reads';

export interface Skill {
  name: string;
  description: string;
  /** Keyword-triggered knowledge: loaded into a person's message that contains one of these. */
  triggers: string[];
  /** `workspace`: the repository's, untrusted like any file in it; `user`: the person's data dir. */
  source: 'workspace' | 'user';
  /** Where it was found, as shown to the model and the person (relative to its root). */
  location: string;
  instructions: string;
}

/** Folders in the workspace that hold skills, in order of precedence. */
export const WORKSPACE_SKILL_DIRS = ['.agents/skills', '.openhands/skills'] as const;
/** Per source: the repository's skills and the person's are counted apart, so neither crowds out the other. */
export const MAX_SKILLS = 50;
export const MAX_SKILL_BYTES = 64 * 1024;
const MAX_DESCRIPTION = 300;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

interface SkillPlace {
  root: string;
  dir: string;
  source: Skill['source'];
}

/** The skills found, and the names of repository skills dropped because the person has one so named. */
export interface SkillSet {
  skills: Skill[];
  shadowed: string[];
}

/** The skills of discoverSkillSet, without the names it dropped. */
export async function discoverSkills(roots: {
  workspaceDir: string;
  userSkillsDir?: string;
  requestSkills?: readonly Skill[];
}): Promise<Skill[]> {
  return (await discoverSkillSet(roots)).skills;
}

/**
 * The skills a conversation can use: `<dir>/<name>/SKILL.md` (and `<dir>/<name>.md`) in the
 * workspace's skill folders, and in `<data-dir>/skills/`. The person's skills win a name clash (a
 * repository must not replace what its reader set up), then the first workspace folder; each source
 * keeps at most MAX_SKILLS. `requestSkills` (upstream's inline `agent_context.skills`, given by the
 * person's front end when the conversation was created) count as the person's and win over a
 * same-named skill of the skills folder. Listed workspace first, as found. Every read is confined to its root (see
 * workspace-reads): a skill folder linked out of the workspace is not read.
 */
export async function discoverSkillSet(roots: {
  workspaceDir: string;
  userSkillsDir?: string;
  requestSkills?: readonly Skill[];
}): Promise<SkillSet> {
  const given = roots.requestSkills ?? [];
  const givenNames = new Set(given.map((skill) => skill.name));
  const fromFolder = roots.userSkillsDir
    ? await readPlaces([{ root: roots.userSkillsDir, dir: '.', source: 'user' }], givenNames)
    : [];
  const user = [...given, ...fromFolder];
  const userNames = new Set(user.map((skill) => skill.name));
  const workspacePlaces = WORKSPACE_SKILL_DIRS.map((dir) => ({
    root: roots.workspaceDir,
    dir,
    source: 'workspace' as const,
  }));
  const shadowed = new Set<string>();
  const workspace = await readPlaces(workspacePlaces, userNames, shadowed);
  return { skills: [...workspace, ...user], shadowed: [...shadowed] };
}

/** The skills of some places, one source: the first of a name wins, names in `taken` are dropped. */
async function readPlaces(
  places: readonly SkillPlace[],
  taken: ReadonlySet<string>,
  shadowed?: Set<string>,
): Promise<Skill[]> {
  const skills = new Map<string, Skill>();
  for (const place of places) {
    const entries = await listConfinedDirectory(place.root, place.dir);
    entries.sort((left, right) => left.name.localeCompare(right.name));
    for (const entry of entries) {
      if (skills.size >= MAX_SKILLS) break;
      const file = entry.directory
        ? join(place.dir, entry.name, 'SKILL.md')
        : entry.name.endsWith('.md') && entry.name !== 'README.md'
          ? join(place.dir, entry.name)
          : undefined;
      if (!file) continue;
      const text = await readConfinedText(place.root, file, MAX_SKILL_BYTES);
      if (text === undefined) continue;
      const parsed = await parseSkillFile(text);
      const name = parsed.name ?? entry.name.replace(/\.md$/, '');
      if (!NAME.test(name) || skills.has(name) || parsed.body === '') continue;
      if (taken.has(name)) {
        shadowed?.add(name);
        continue;
      }
      skills.set(name, {
        name,
        description: (parsed.description ?? firstLine(parsed.body)).slice(0, MAX_DESCRIPTION),
        triggers: parsed.triggers,
        source: place.source,
        location: place.source === 'user' ? join('skills', file) : file,
        instructions: parsed.body,
      });
    }
  }
  return [...skills.values()];
}

function firstLine(text: string): string {
  return (text.split('\n').find((line) => line.trim() !== '') ?? '').replace(/^#+\s*/, '').trim();
}
