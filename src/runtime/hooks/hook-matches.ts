/** Characters that make a matcher a regular expression, as upstream detects them. */
const REGEX_CHARACTERS = /[|.*+?[\]()^$\\]/;

/**
 * Upstream's matcher rule: `*` or empty matches everything (also events without a tool); `/re/` is a
 * regular expression; a matcher with regex characters is tried as one (a broken one falls back to
 * the exact name); anything else is the exact tool name. A regular expression must match the whole
 * name. Patterns come from the person's config, never from the agent; tool names are short.
 */
export function hookMatches(matcher: string, toolName: string | undefined): boolean {
  if (matcher === '*' || matcher === '') return true;
  if (toolName === undefined) return false;
  if (matcher.length > 2 && matcher.startsWith('/') && matcher.endsWith('/'))
    return fullMatch(matcher.slice(1, -1), toolName) ?? false;
  if (REGEX_CHARACTERS.test(matcher)) {
    const matched = fullMatch(matcher, toolName);
    if (matched !== undefined) return matched;
  }
  return matcher === toolName;
}

/** undefined when the pattern does not compile. */
function fullMatch(pattern: string, text: string): boolean | undefined {
  try {
    return new RegExp(`^(?:${pattern})$`).test(text);
  } catch {
    return undefined;
  }
}
