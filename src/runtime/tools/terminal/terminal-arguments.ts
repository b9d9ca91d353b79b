import { z } from 'zod';
import type { TerminalAction } from '../../events';
import { defineToolArguments } from '../tool-arguments';

const TerminalArgumentsSchema = z.object({
  command: z
    .string()
    .describe(
      'The bash command to run. Multi-line commands and heredocs are fine. With is_input: text to type into the running process, or a key such as C-c, C-d, C-z, Enter, Up. Empty: wait for more output of the running command.',
    ),
  is_input: z
    .boolean()
    .optional()
    .describe(
      'True to send `command` to the process that is still running instead of starting a new command.',
    ),
  timeout: z
    .number()
    .positive()
    .optional()
    .describe(
      'Hard limit in seconds; the command gets C-c when it is reached. Without it, the call returns after 30 s without output and the command keeps running.',
    ),
  reset: z
    .boolean()
    .optional()
    .describe('True to kill the shell and start a fresh one in the workspace (cwd and variables are lost).'),
});

export const terminalArguments = defineToolArguments(
  'terminal',
  TerminalArgumentsSchema.transform(
    (args): TerminalAction => ({
      kind: 'TerminalAction',
      command: args.command,
      is_input: args.is_input ?? false,
      reset: args.reset ?? false,
      ...(args.timeout === undefined ? {} : { timeout: args.timeout }),
    }),
  ),
);
