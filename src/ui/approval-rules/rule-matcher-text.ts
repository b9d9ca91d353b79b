import type { ApprovalRuleMatcher } from '../api/wire-types';

/** The editable text of a matcher: the command prefix or the path glob ("" for "any"). */
export function matcherText(matcher: ApprovalRuleMatcher): string {
  if (matcher.kind === 'command_prefix') return matcher.prefix;
  return matcher.kind === 'path_glob' ? matcher.glob : '';
}

/** The same kind of matcher with new text. */
export function withMatcherText(matcher: ApprovalRuleMatcher, text: string): ApprovalRuleMatcher {
  if (matcher.kind === 'command_prefix') return { kind: 'command_prefix', prefix: text };
  if (matcher.kind === 'path_glob') return { kind: 'path_glob', glob: text };
  return matcher;
}

/** The matcher a tool's rules use by default: commands by prefix, files by path glob. */
export function matcherFor(tool: string, text: string): ApprovalRuleMatcher {
  if (text.trim() === '') return { kind: 'any' };
  return tool === 'terminal'
    ? { kind: 'command_prefix', prefix: text.trim() }
    : { kind: 'path_glob', glob: text.trim() };
}

export const TOOL_LABELS: Record<string, string> = { terminal: 'Command', file_editor: 'File edit' };
export const EFFECT_LABELS = { allow: 'Allow', ask: 'Ask', deny: 'Deny' } as const;
