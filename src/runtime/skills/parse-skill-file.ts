export interface ParsedSkill {
  name?: string;
  description?: string;
  /** Keywords that load the skill by themselves when a person's message contains one. */
  triggers: string[];
  /** The instructions: the file without its front matter. */
  body: string;
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * A SKILL.md: YAML front matter (`name`, `description`, `triggers` as a list or one string) and the
 * instructions below it. Tolerant, because the file is the repository's, not ours: front matter that
 * does not parse, or fields of the wrong type, are ignored (the folder name and the first line stand
 * in), never an error that stops a run. The YAML parser loads on the first file with front matter, not
 * with the runtime: most workspaces have no skills.
 */
export async function parseSkillFile(text: string): Promise<ParsedSkill> {
  const match = FRONT_MATTER.exec(text);
  const body = (match ? text.slice(match[0].length) : text).trim();
  let fields: Record<string, unknown> = {};
  if (match?.[1] !== undefined) {
    try {
      const yaml = await import('yaml');
      // The runtime's bundle turns this CommonJS package into a module with a default export only.
      const parse = yaml.parse ?? (yaml as unknown as { default: typeof yaml }).default.parse;
      const parsed: unknown = parse(match[1], { maxAliasCount: 10 });
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        fields = parsed as Record<string, unknown>;
    } catch {
      // Broken YAML: treat the file as instructions without metadata.
    }
  }
  const triggers = (Array.isArray(fields.triggers) ? fields.triggers : [fields.triggers])
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return {
    ...(typeof fields.name === 'string' && fields.name.trim() ? { name: fields.name.trim() } : {}),
    ...(typeof fields.description === 'string' && fields.description.trim()
      ? { description: fields.description.trim() }
      : {}),
    triggers,
    body,
  };
}
