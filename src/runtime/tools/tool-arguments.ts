import { z } from 'zod';
import type { ParseResult } from './tool';

export interface ToolArguments<T> {
  /** JSON Schema of the arguments, as offered to the model. */
  parameters: Record<string, unknown>;
  /** Validates arguments; the error names arguments and what is wrong with them, never their values. */
  parse(args: Record<string, unknown>): ParseResult<T>;
}

/**
 * One zod schema gives both the JSON Schema the model sees and the validation of what it sends. The
 * JSON Schema is made on first use, not when the module loads: every tool is defined at start-up,
 * and converting all of them held the runtime's ready line back (scripts/bench/startup.bench.ts).
 */
export function defineToolArguments<T>(toolName: string, schema: z.ZodType<T>): ToolArguments<T> {
  let parameters: Record<string, unknown> | undefined;
  const jsonSchema = (): Record<string, unknown> => {
    if (parameters === undefined) {
      const { $schema: _dialect, ...rest } = withoutSafeIntegerBounds(
        z.toJSONSchema(schema, { io: 'input' }),
      ) as Record<string, unknown>;
      parameters = rest;
    }
    return parameters;
  };

  return {
    get parameters() {
      return jsonSchema();
    },
    parse(args) {
      const result = schema.safeParse(args);
      if (result.success) return { ok: true, action: result.data };
      const problems = result.error.issues.map(describeIssue);
      return {
        ok: false,
        error: `Invalid arguments for ${toolName}: ${problems.join('; ')}. ${toolName} accepts: ${describeAccepted(jsonSchema())}.`,
      };
    },
  };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const name = issue.path.length > 0 ? issue.path.join('.') : 'arguments';
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return `\`${name}\` is required (${issue.expected})`;
  }
  if (issue.code === 'unrecognized_keys')
    return `unknown argument(s) ${issue.keys.map((key) => `\`${key}\``).join(', ')}`;
  // zod's own messages state the expectation ("expected string", "expected one of …"), not the input.
  return `\`${name}\`: ${issue.message}`;
}

function describeAccepted(parameters: Record<string, unknown>): string {
  const properties = Object.keys((parameters.properties ?? {}) as Record<string, unknown>);
  const required = new Set((parameters.required ?? []) as string[]);
  return properties.map((name) => (required.has(name) ? `${name} (required)` : name)).join(', ');
}

/** zod writes ±2^53−1 bounds on every integer; they only add noise to what the model reads. */
function withoutSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(
    ([key, bound]) =>
      !(key === 'maximum' && bound === Number.MAX_SAFE_INTEGER) &&
      !(key === 'minimum' && bound === Number.MIN_SAFE_INTEGER),
  );
  return Object.fromEntries(entries.map(([key, inner]) => [key, withoutSafeIntegerBounds(inner)]));
}
