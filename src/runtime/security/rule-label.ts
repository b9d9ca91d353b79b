import type { RuleMatcher } from '../events';

/** What people read for a rule: the prefix, the glob, or "any <tool> action". */
export function ruleLabel(tool: string, matcher: RuleMatcher): string {
  switch (matcher.kind) {
    case 'command_prefix':
      return matcher.prefix;
    case 'path_glob':
      return matcher.glob;
    case 'any':
      return `any ${tool} action`;
  }
}
