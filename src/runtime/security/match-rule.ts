import type { Action, ApprovalRule } from '../events';
import { globToRegExp } from './glob-to-reg-exp';
import { patchPaths } from './patch-paths';
import { resolveRulePath } from './resolve-rule-path';
import { singleSimpleCommand } from './single-simple-command';

/**
 * One action as rules see it, read once however many rules look at it: the command's words (undefined
 * when it is not one plain simple command) and the paths it touches, absolute and normalised (the
 * editor's one path; every file an apply_patch patch names, moves' both ends included).
 */
export interface RuleSubject {
  toolName: string;
  action: Action;
  workspaceDir: string;
  commandWords(): readonly string[] | undefined;
  paths(): readonly string[] | undefined;
}

export function ruleSubject(toolName: string, action: Action, workspaceDir: string): RuleSubject {
  let words: { value: readonly string[] | undefined } | undefined;
  let paths: { value: readonly string[] | undefined } | undefined;
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
    paths() {
      paths ??= { value: touchedPaths(action, workspaceDir) };
      return paths.value;
    },
  };
}

function touchedPaths(action: Action, workspaceDir: string): readonly string[] | undefined {
  if (action.kind === 'FileEditorAction') return [resolveRulePath(action.path, workspaceDir)];
  if (action.kind === 'ApplyPatchAction')
    return patchPaths(action.patch).map(({ path }) => resolveRulePath(path, workspaceDir));
  return undefined;
}

/**
 * True when `rule` speaks about this action. A command prefix matches only a command that is one plain
 * simple command whose words begin with the prefix's words (after quote removal on both sides); a path
 * glob matches the action's absolute, normalised paths: for `deny` and `ask` any one of them, for
 * `allow` every one (the agent chooses what a patch names, so an allowed file first must not carry a
 * protected one); `any` every action of the rule's tool. A file editor's `deny` or `ask` path rule
 * speaks about apply_patch too, which writes files as the editor does. Pure (parsed prefixes and
 * globs are memoised).
 */
export function matchesRule(rule: ApprovalRule, subject: RuleSubject): boolean {
  if (rule.tool !== subject.toolName && !editorRuleOnPatch(rule, subject)) return false;
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
      const paths = subject.paths();
      if (!paths || paths.length === 0) return false;
      const pattern = globToRegExp(resolveGlob(matcher.glob, subject.workspaceDir));
      return rule.effect === 'allow'
        ? paths.every((path) => pattern.test(path))
        : paths.some((path) => pattern.test(path));
    }
  }
}

function editorRuleOnPatch(rule: ApprovalRule, subject: RuleSubject): boolean {
  return (
    rule.tool === 'file_editor' &&
    subject.toolName === 'apply_patch' &&
    rule.matcher.kind === 'path_glob' &&
    rule.effect !== 'allow'
  );
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
