import { z } from 'zod';
import { type InvokeSkillAction, type InvokeSkillObservation, textContent } from '../events';
import { discoverSkills, type Skill } from '../skills/discover-skills';
import { skillInstructions } from '../skills/skills-listing';
import type { Tool, ToolContext } from './tool';
import { defineToolArguments } from './tool-arguments';

const invokeSkillArguments = defineToolArguments(
  'invoke_skill',
  z
    .object({
      name: z.string().describe('The name of the skill, as listed under available skills.'),
    })
    .transform((args): InvokeSkillAction => ({ kind: 'InvokeSkillAction', name: args.name })),
);

const DESCRIPTION =
  "Load a skill's full instructions by name (skills are listed with a short description in the system prompt). Use it when the task matches a skill's description, before doing the task.";

/**
 * invoke_skill: reads the skill again at call time (a skill added or edited during the conversation is
 * what the model gets), confined to the workspace and the user's skills folder.
 */
export function createInvokeSkillTool(
  userSkillsDir: string | undefined,
  requestSkills?: readonly Skill[],
): Tool<InvokeSkillAction> {
  return {
    name: 'invoke_skill',
    readOnly: true,
    spec: { name: 'invoke_skill', description: DESCRIPTION, parameters: invokeSkillArguments.parameters },
    parseArguments: invokeSkillArguments.parse,
    async execute(action: InvokeSkillAction, context: ToolContext): Promise<InvokeSkillObservation> {
      const skills = await discoverSkills({
        workspaceDir: context.workspaceDir,
        ...(userSkillsDir ? { userSkillsDir } : {}),
        ...(requestSkills ? { requestSkills } : {}),
      });
      const skill = skills.find((candidate) => candidate.name === action.name);
      if (!skill) {
        const known = skills.map((candidate) => candidate.name).join(', ') || 'none';
        return {
          kind: 'InvokeSkillObservation',
          content: [textContent(`There is no skill named "${action.name}". Available skills: ${known}.`)],
          is_error: true,
        };
      }
      return {
        kind: 'InvokeSkillObservation',
        content: [textContent(skillInstructions(skill))],
        is_error: false,
        skill_name: skill.name,
      };
    },
  };
}
