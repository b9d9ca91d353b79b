import { z } from 'zod';
import type { Skill } from '../skills/discover-skills';
import { MAX_SKILL_BYTES, MAX_SKILLS } from '../skills/discover-skills';

/**
 * One of upstream's inline skills (`agent_context.skills`, the SDK's `Skill`): `content` is its
 * instructions; `trigger` null is an always-listed skill, a `keyword` trigger (or a `task` trigger's
 * words) loads it into a person's message that names one. Other fields (source, inputs, resources…)
 * are accepted and not read.
 */
const RequestSkillSchema = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'A skill name is letters, digits, ".", "_" or "-"'),
    content: z.string().max(MAX_SKILL_BYTES),
    description: z.string().max(2000).nullish(),
    trigger: z
      .object({
        type: z.string().max(50).optional(),
        keywords: z.array(z.string().min(1).max(100)).max(50).optional(),
        triggers: z.array(z.string().min(1).max(100)).max(50).optional(),
      })
      .loose()
      .nullish(),
  })
  .loose();

/** Upstream's `agent_context` as far as skills go; the rest of it is the agent schemas' business. */
export const RequestSkillsSchema = z.array(RequestSkillSchema).max(MAX_SKILLS);

export type RequestSkills = z.infer<typeof RequestSkillsSchema>;

/**
 * The inline skills as this runtime's skills: the person's own (their front end sent them), listed
 * with a description (the given one, else the first line of the content) and found by invoke_skill.
 * The last of a repeated name wins, as a later definition replaces an earlier one upstream.
 */
export function skillsOfRequest(given: RequestSkills | undefined): Skill[] | undefined {
  if (!given || given.length === 0) return undefined;
  const byName = new Map<string, Skill>();
  for (const skill of given) {
    const firstLine =
      skill.content
        .trim()
        .split('\n')[0]
        ?.replace(/^#+\s*/, '') ?? '';
    byName.set(skill.name, {
      name: skill.name,
      description: (skill.description ?? firstLine).slice(0, 300),
      triggers: [...(skill.trigger?.keywords ?? []), ...(skill.trigger?.triggers ?? [])],
      source: 'user',
      location: `agent_context.skills/${skill.name}`,
      instructions: skill.content,
    });
  }
  return [...byName.values()];
}
