import { z } from 'zod';

/** Names this runtime's own tools take; a client tool may not take one (upstream: 4xx on a collision). */
export const RESERVED_TOOL_NAMES = [
  'terminal',
  'file_editor',
  'task_tracker',
  'think',
  'finish',
  'invoke_skill',
];

/**
 * A tool a front end declares in a create request (upstream's ClientToolSpec) and runs itself: its
 * name (as providers allow, and without `__`, which MCP tools' names use), what the model reads
 * about it, its arguments' JSON Schema (an object schema, as upstream requires) and MCP-style
 * annotations (`readOnlyHint: true` makes it a tool that asks no security_risk and never waits).
 */
export const ClientToolSpecSchema = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'A client tool name is 1 to 64 letters, digits, "_" or "-"')
      .refine((name) => !name.includes('__'), 'A client tool name may not contain "__" (MCP tools use it)')
      .refine(
        (name) => !RESERVED_TOOL_NAMES.includes(name),
        "This name belongs to one of the runtime's own tools",
      ),
    description: z.string().max(20_000).default(''),
    parameters: z
      .record(z.string(), z.unknown())
      .refine(
        (schema) => schema.type === 'object',
        'parameters must be an object JSON Schema ({"type":"object",…})',
      )
      .default({ type: 'object', properties: {} }),
    annotations: z.record(z.string(), z.unknown()).nullish(),
  })
  .strip();

export type ClientToolSpec = z.infer<typeof ClientToolSpecSchema>;

/** Up to 50 declared tools, each name once. */
export const ClientToolSpecListSchema = z
  .array(ClientToolSpecSchema)
  .max(50)
  .refine(
    (specs) => new Set(specs.map((spec) => spec.name)).size === specs.length,
    'Client tool names must be unique',
  );
