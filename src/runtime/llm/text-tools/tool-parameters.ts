import type { ToolSpec } from '../../events';

/** One parameter of a tool as the text format describes and reads it. */
export interface ToolParameter {
  name: string;
  /** The JSON Schema type (`string`, `integer`, `array`…); undefined when the schema names none. */
  type: string | undefined;
  required: boolean;
  description: string | undefined;
  choices: readonly unknown[] | undefined;
}

/** The top-level parameters of a tool's JSON Schema, in the schema's order. Pure; never throws. */
export function toolParameters(tool: ToolSpec): ToolParameter[] {
  const properties = asRecord(tool.parameters.properties) ?? {};
  const required = Array.isArray(tool.parameters.required) ? tool.parameters.required : [];
  return Object.entries(properties).map(([name, raw]) => {
    const schema = asRecord(raw) ?? {};
    return {
      name,
      type: schemaType(schema),
      required: required.includes(name),
      description: typeof schema.description === 'string' ? schema.description : undefined,
      choices: Array.isArray(schema.enum) ? schema.enum : undefined,
    };
  });
}

function schemaType(schema: Record<string, unknown>): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  // `["string", "null"]` and the like: the first type that is not null.
  if (Array.isArray(schema.type))
    return schema.type.find((type) => type !== 'null' && typeof type === 'string');
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string')) return 'string';
  return undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
