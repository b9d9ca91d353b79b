import { z } from 'zod';
import { type FinishAction, type FinishObservation, textContent } from '../events';
import type { Tool } from './tool';
import { defineToolArguments } from './tool-arguments';

const finishArguments = defineToolArguments(
  'finish',
  z
    .object({
      message: z
        .string()
        .describe(
          'What you did and what the user should know: results, files changed, anything left undone.',
        ),
    })
    .transform((args): FinishAction => ({ kind: 'FinishAction', message: args.message })),
);

const DESCRIPTION =
  'End your turn when the task is done or you need the user: give a short final message. Nothing after it in the same response runs.';

export function createFinishTool(): Tool<FinishAction> {
  return {
    name: 'finish',
    readOnly: true,
    spec: { name: 'finish', description: DESCRIPTION, parameters: finishArguments.parameters },
    parseArguments: finishArguments.parse,
    async execute(action): Promise<FinishObservation> {
      return { kind: 'FinishObservation', content: [textContent(action.message)], is_error: false };
    },
  };
}
