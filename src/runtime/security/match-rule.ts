import type { Action, ApprovalRule } from '../events';
import { globToRegExp } from './glob-to-reg-exp';
import { resolveRulePath } from './resolve-rule-path';
import { singleSimpleCommand } from './single-simple-command';

/**
 * One action as rules see it, read once however many rules look at it: the command's words (undefined
 * when it is not one plain simple command) and the editor path, absolute and normalised.
 */
export interface RuleSubject {
  toolName: string;
  action: Action;
  workspaceDir: string;
  commandWords(): readonly string[] | undefined;
  path(): string | undefined;
}

export function ruleSubject(toolName: string, action: Action, workspaceDir: string): RuleSubject {
  let words: { value: readonly string[] | undefined } | undefined;
  let path: { value: string | undefined } | undefined;
  return {
    toolName,
    action,
    workspaceDir,
    commandWords() {
      // Input typed into a running program is not a command line a rule can read.
      words ??= {
        value:
          action.kind === 'TerminalAction' && !action.is_input
            ? singleSimpleCommand(action.command)
            : undefined,
      };
      return words.value;
    },
    path() {
      path ??= {
        value: action.kind === 'FileEditorAction' ? resolveRulePath(action.path, workspaceDir) : undefined,
      };
      return path.value;
    },
  };
}

/**
 * True when `rule` speaks about this action. A command prefix matches only a command that is one plain
 * simple command whose words begin with the prefix's words (after quote removal on both sides); a path
 * glob matches the action's absolute, normalised path; `any` every action of the rule's tool. Pure
 * (parsed prefixes and globs are memoised).
 */
export function matchesRule(rule: ApprovalRule, subject: RuleSubject): boolean {
  if (rule.tool !== subject.toolName) return false;
  const matcher = rule.matcher;
  switch (matcher.kind) {
    case 'any':
      return true;
    case 'command_prefix': {
      const words = subject.commandWords();
      const prefix = prefixWords(matcher.prefix);
      if (!words || !prefix || prefix.length > words.length) return false;
      return prefix.every((word, index) => words[index] === word);
    }
    case 'path_glob': {
      const path = subject.path();
      return path !== undefined && globToRegExp(resolveGlob(matcher.glob, subject.workspaceDir)).test(path);
    }
  }
}

const CACHE_LIMIT = 5_000;
const prefixCache = new Map<string, readonly string[] | undefined>();
const globCache = new Map<string, string>();

function prefixWords(prefix: string): readonly string[] | undefined {
  if (prefixCache.has(prefix)) return prefixCache.get(prefix);
  const words = singleSimpleCommand(prefix);
  if (prefixCache.size >= CACHE_LIMIT) prefixCache.clear();
  prefixCache.set(prefix, words);
  return words;
}

/** A relative glob starts at the workspace; `..` and `.` segments are folded like a path's. */
function resolveGlob(glob: string, workspaceDir: string): string {
  const key = `${workspaceDir}\0${glob}`;
  const cached = globCache.get(key);
  if (cached !== undefined) return cached;
  const resolved = resolveRulePath(glob, workspaceDir);
  // resolve drops a trailing slash: `src/` means everything under src.
  const absolute = glob.endsWith('/') ? `${resolved}/**` : resolved;
  if (globCache.size >= CACHE_LIMIT) globCache.clear();
  globCache.set(key, absolute);
  return absolute;
}
