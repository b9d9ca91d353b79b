import { z } from 'zod';
import {
  type Action,
  FileEditorActionSchema,
  FinishActionSchema,
  type Observation,
  TerminalActionSchema,
  ThinkActionSchema,
  type ToolSpec,
} from '../../events';
import type { ParseResult, Tool, ToolContext, Toolset } from '../../tools/tool';

/**
 * A deterministic toolset for loop tests, built on the Tool interface (an injected port, not a module
 * mock): `terminal` echoes `ran: <command>`; `fail ...` gives an error observation; `throw` throws;
 * `sleep` waits until the abort signal; `file_editor` answers with the command and path; think and
 * finish behave like the real ones. `executed` lists every action run, in order.
 */
export interface TestToolset extends Toolset {
  executed: Action[];
  closed: boolean;
}

export function createTestToolset(): TestToolset {
  const executed: Action[] = [];
  const record = (action: Action) => executed.push(action);
  const tools: Tool[] = [
    tool('terminal', false, TerminalActionSchema, async (action, context) => {
      record(action);
      if (action.command === 'throw') throw new Error('terminal exploded');
      if (action.command === 'sleep') await untilAborted(context.signal);
      const failed = action.command.startsWith('fail');
      return {
        kind: 'TerminalObservation',
        content: [{ type: 'text', text: context.signal.aborted ? 'interrupted' : `ran: ${action.command}` }],
        is_error: failed,
        command: action.command,
        exit_code: failed ? 1 : 0,
        timed_out: false,
      };
    }),
    tool('file_editor', false, FileEditorActionSchema, async (action) => {
      record(action);
      return {
        kind: 'FileEditorObservation',
        content: [{ type: 'text', text: `${action.command} ${action.path}` }],
        is_error: false,
        command: action.command,
        path: action.path,
      };
    }),
    tool('think', true, ThinkActionSchema, async (action) => {
      record(action);
      return {
        kind: 'ThinkObservation',
        content: [{ type: 'text', text: 'Your thought has been logged.' }],
        is_error: false,
      };
    }),
    tool('finish', true, FinishActionSchema, async (action) => {
      record(action);
      return {
        kind: 'FinishObservation',
        content: [{ type: 'text', text: action.message }],
        is_error: false,
      };
    }),
  ];
  const toolset: TestToolset = {
    executed,
    closed: false,
    tools,
    get: (name) => tools.find((candidate) => candidate.name === name),
    close: async () => {
      toolset.closed = true;
    },
  };
  return toolset;
}

function tool<S extends z.ZodObject>(
  name: string,
  readOnly: boolean,
  schema: S,
  execute: (action: z.infer<S> & Action, context: ToolContext) => Promise<Observation>,
): Tool {
  const argumentsSchema = schema.omit({ kind: true } as never);
  const spec: ToolSpec = {
    name,
    description: `test ${name}`,
    parameters: z.toJSONSchema(argumentsSchema) as Record<string, unknown>,
  };
  return {
    name,
    readOnly,
    spec,
    parseArguments(args): ParseResult<Action> {
      const kind = schema.shape.kind as z.ZodLiteral<string>;
      const parsed = schema.safeParse({ ...args, kind: kind.value });
      if (!parsed.success) {
        return {
          ok: false,
          error: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
        };
      }
      return { ok: true, action: parsed.data as Action };
    },
    execute: (action, context) => execute(action as z.infer<S> & Action, context),
  };
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
