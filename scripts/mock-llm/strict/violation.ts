/** One reason a provider would refuse a request: where in the body (JSON path) and which rule. */
export interface Violation {
  path: (string | number)[];
  rule: string;
}

export type PathStyle = 'openai' | 'anthropic';

/**
 * The path as the provider writes it in its own errors: OpenAI `messages[1].tool_calls[0].id`,
 * Anthropic `messages.1.content.0.id`. The body itself is `(body)`.
 */
export function formatPath(path: (string | number)[], style: PathStyle): string {
  if (path.length === 0) return '(body)';
  if (style === 'anthropic') return path.join('.');
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`,
    )
    .join('');
}

export function formatViolation(violation: Violation, style: PathStyle): string {
  return `${formatPath(violation.path, style)}: ${violation.rule}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Tool and function names both providers accept. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** OpenAI refuses a function description over 1,024 characters (Chat Completions and Responses). */
export const MAX_FUNCTION_DESCRIPTION_LENGTH = 1024;

/** The description rule for one function tool, or nothing when it holds. */
export function descriptionViolation(description: unknown, path: Violation['path']): Violation[] {
  if (typeof description !== 'string' || description.length <= MAX_FUNCTION_DESCRIPTION_LENGTH) return [];
  return [
    {
      path,
      rule: `function description must be at most ${MAX_FUNCTION_DESCRIPTION_LENGTH} characters (got ${description.length})`,
    },
  ];
}
