import { z } from 'zod';
import { type ThinkAction, type ThinkObservation, textContent } from '../events';
import type { Tool } from './tool';
import { defineToolArguments } from './tool-arguments';

const thinkArguments = defineToolArguments(
  'think',
  z
    .object({
      thought: z.string().describe('Your reasoning: what you know, the options, and what to do next.'),
    })
    .transform((args): ThinkAction => ({ kind: 'ThinkAction', thought: args.thought })),
);

const DESCRIPTION =
  'Think out loud without acting: plan an approach, weigh options, or reason about an error before the next step. It changes nothing and returns nothing new.';

export function createThinkTool(): Tool<ThinkAction> {
  return {
    name: 'think',
    readOnly: true,
    spec: { name: 'think', description: DESCRIPTION, parameters: thinkArguments.parameters },
    parseArguments: thinkArguments.parse,
    async execute(): Promise<ThinkObservation> {
      return {
        kind: 'ThinkObservation',
        content: [textContent('Your thought has been logged.')],
        is_error: false,
      };
    },
  };
}
