import { z } from 'zod';
import type { TaskAction, TaskObservation } from '../../events';
import type { Tool } from '../tool';
import { defineToolArguments } from '../tool-arguments';
import type { SubAgentRunner } from './sub-agent-runner';

/** Bounds on what the model may ask for: a prompt is a task, not a file dump. */
const MAX_PROMPT_CHARACTERS = 50_000;
const MAX_DESCRIPTION_CHARACTERS = 200;

const taskArguments = defineToolArguments(
  'task',
  z
    .strictObject({
      description: z
        .string()
        .max(MAX_DESCRIPTION_CHARACTERS)
        .optional()
        .describe('A short (3-5 word) description of the task.'),
      prompt: z
        .string()
        .min(1)
        .max(MAX_PROMPT_CHARACTERS)
        .describe('The task for the sub-agent, with everything it needs to know and what to report back.'),
      subagent_type: z
        .literal('general-purpose')
        .default('general-purpose')
        .describe('The kind of sub-agent; only general-purpose here.'),
      tools: z
        .array(z.string().max(200))
        .max(100)
        .optional()
        .describe('The names of the tools the sub-agent may use, a subset of yours; default: all of yours.'),
    })
    .transform(
      (args): TaskAction => ({
        kind: 'TaskAction',
        prompt: args.prompt,
        subagent_type: args.subagent_type,
        ...(args.description !== undefined ? { description: args.description } : {}),
        ...(args.tools !== undefined ? { tools: args.tools } : {}),
      }),
    ),
);

const DESCRIPTION =
  "Launch a sub-agent to handle a self-contained, multi-step task on its own (upstream's task tool). It works in the same workspace and sandbox under the same approval rules, with only your prompt as context and the tools you name (a subset of yours). It runs until it finishes; its final answer is returned to you. Do not use it for a single search or a single edit: do those yourself.";

/** The `task` tool of one conversation; what it runs is the runner's business. */
export function createTaskTool(runner: SubAgentRunner): Tool<TaskAction> {
  return {
    name: 'task',
    readOnly: false,
    spec: { name: 'task', description: DESCRIPTION, parameters: taskArguments.parameters },
    parseArguments: taskArguments.parse,
    execute(action, context): Promise<TaskObservation> {
      return runner.run(action, { actionId: context.actionId, signal: context.signal });
    },
  };
}
