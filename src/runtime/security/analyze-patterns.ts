import type { Action } from '../events';
import { type EffectiveCommand, effectiveCommand } from './effective-command';
import { shellScriptsOf } from './inline-code';
import { type Pipeline, parseShellScript } from './parse-shell';
import { patchPaths } from './patch-paths';
import type { RuleContext } from './pattern-rule';
import { PATTERN_RULES, type PatternRule } from './pattern-rules';
import { higherRisk } from './risk-order';
import type { RiskAssessment } from './security-analyzer';
import { resolveCommandPath } from './workspace-path';

/** How deep `bash -c "…"` inside `$(…)` inside … is followed. */
const MAX_NESTING = 5;
const MAX_EVIDENCE = 80;

/**
 * MEDIUM, never LOW: a command we could not read may hide anything, but most such commands are typos,
 * so this asks a person rather than alarming them.
 */
const UNREADABLE_RULE: PatternRule = {
  id: 'could-not-analyse',
  risk: 'MEDIUM',
  reason: 'could not be analysed',
  scope: 'script',
  matches: () => true,
};

/** A pipeline and where it runs, after the `cd`s before it. */
interface PlacedPipeline {
  commands: EffectiveCommand[];
  context: RuleContext;
}

/** Pure: the deterministic rules of PATTERN_RULES applied to one action. */
export function analyzePatterns(action: Action, workspaceDir: string): RiskAssessment {
  const context: RuleContext = { workspaceDir };
  const fired: Array<{ rule: PatternRule; evidence: string }> = [];
  const fire = (rule: PatternRule, evidence: string) => {
    if (!fired.some((entry) => entry.rule.id === rule.id)) fired.push({ rule, evidence });
  };

  switch (action.kind) {
    case 'TerminalAction': {
      const problems: string[] = [];
      const pipelines = collectPipelines(action.command, context, 0, problems);
      const commands = pipelines.flatMap((placed) =>
        placed.commands.map((command) => ({ command, context: placed.context })),
      );
      for (const rule of PATTERN_RULES) {
        if (rule.scope === 'script' && rule.matches(action.command)) fire(rule, action.command);
        if (rule.scope === 'pipeline') {
          const match = pipelines.find((placed) => rule.matches(placed.commands, placed.context));
          if (match) fire(rule, evidenceOf(match.commands, match.context));
        }
        if (rule.scope === 'command') {
          const match = commands.find((placed) => rule.matches(placed.command, placed.context));
          if (match) fire(rule, evidenceOf([match.command], match.context));
        }
      }
      if (problems.length > 0)
        fire(
          { ...UNREADABLE_RULE, reason: `could not be analysed: ${[...new Set(problems)].join(', ')}` },
          action.command,
        );
      break;
    }
    case 'FileEditorAction':
      for (const rule of PATTERN_RULES) {
        if (rule.scope === 'file' && rule.matches(action, context))
          fire(rule, `${action.command} ${action.path}`);
      }
      break;
    case 'ApplyPatchAction':
      // Each file the patch names is judged as the file editor's edit of it would be.
      for (const { path, created } of patchPaths(action.patch)) {
        const edit = {
          kind: 'FileEditorAction' as const,
          command: created ? ('create' as const) : ('str_replace' as const),
          path,
        };
        for (const rule of PATTERN_RULES) {
          if (rule.scope === 'file' && rule.matches(edit, context)) fire(rule, `apply_patch ${path}`);
        }
      }
      break;
    case 'TaskAction':
      // Runs nothing itself: the sub-agent's every action is judged, and confirmed, on its own.
      return { risk: 'LOW', reasons: ['pattern: hands a job to a sub-agent, whose actions are each judged'] };
    default:
      return { risk: 'LOW', reasons: ['pattern: read-only tool'] };
  }

  if (fired.length === 0) return { risk: 'LOW', reasons: ['pattern: no risky pattern found'] };
  const ordered = [
    ...fired.filter((entry) => entry.rule.risk === 'HIGH'),
    ...fired.filter((entry) => entry.rule.risk !== 'HIGH'),
  ];
  return {
    risk: ordered.reduce<RiskAssessment['risk']>((risk, entry) => higherRisk(risk, entry.rule.risk), 'LOW'),
    reasons: ordered.map((entry) => `pattern: ${entry.rule.reason} (${shorten(entry.evidence)})`),
  };
}

/**
 * Every pipeline of a script in source order, including those inside substitutions, `sh -c` / `eval`
 * strings, heredocs fed to a shell and shell strings in inline code, each with the directory the `cd`s
 * before it lead to. What could not be read is added to `problems`.
 */
function collectPipelines(
  script: string,
  outer: RuleContext,
  depth: number,
  problems: string[],
): PlacedPipeline[] {
  if (depth > MAX_NESTING) {
    problems.push(`shells nested deeper than ${MAX_NESTING}`);
    return [];
  }
  const parsed = parseShellScript(script);
  problems.push(...parsed.problems);
  const result: PlacedPipeline[] = [];
  let context = outer;
  const visit = (pipelines: readonly Pipeline[], nestedDepth: number) => {
    for (const pipeline of pipelines) {
      const commands = pipeline.map(effectiveCommand);
      result.push({ commands, context });
      for (const command of commands) {
        visit(command.source.nested, nestedDepth);
        for (const inner of shellScriptsOf(command))
          result.push(...collectPipelines(inner, context, nestedDepth + 1, problems));
      }
    }
  };
  for (const pipeline of parsed.pipelines) {
    visit([pipeline], depth);
    context = afterDirectoryChange(pipeline, context);
  }
  return result;
}

/**
 * Where later commands run after this pipeline. Only a lone `cd`/`pushd` changes it (in a pipeline it
 * runs in a subshell). A target we cannot know (`cd -`, `cd "$DIR"`, `popd`) is taken as the workspace,
 * where the run started. `( cd x; … )` is read as if the subshell's `cd` lasted, which errs on the
 * side of flagging.
 */
function afterDirectoryChange(pipeline: Pipeline, context: RuleContext): RuleContext {
  const first = pipeline[0];
  if (pipeline.length !== 1 || first === undefined) return context;
  const command = effectiveCommand(first);
  if (command.program === 'popd') return { workspaceDir: context.workspaceDir };
  if (command.program !== 'cd' && command.program !== 'pushd') return context;
  const target = command.args.find((arg) => !arg.startsWith('-') || arg === '-') ?? '~';
  const unknown = target === '-' || /^(?!\$HOME|\$\{HOME\})\$/.test(target) || target.includes('$(');
  if (unknown) return { workspaceDir: context.workspaceDir };
  return { workspaceDir: context.workspaceDir, directory: resolveCommandPath(target, context) };
}

/** The command text, and where it ran when a `cd` moved it, since `> hosts` alone looks harmless. */
function evidenceOf(commands: readonly EffectiveCommand[], context: RuleContext): string {
  const text = commands.map((command) => command.source.text).join(' | ');
  return context.directory === undefined ? text : `${text} in ${context.directory}`;
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_EVIDENCE ? `${line.slice(0, MAX_EVIDENCE - 1)}…` : line;
}
