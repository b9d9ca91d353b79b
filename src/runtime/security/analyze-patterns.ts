import type { Action } from '../events';
import { type EffectiveCommand, effectiveCommand } from './effective-command';
import { type Pipeline, parseShell } from './parse-shell';
import { PATTERN_RULES, type PatternRule, type RuleContext } from './pattern-rules';
import { higherRisk } from './risk-order';
import type { RiskAssessment } from './security-analyzer';

/** How deep `bash -c "…"` inside `$(…)` inside … is followed. */
const MAX_NESTING = 5;
const MAX_EVIDENCE = 80;

/** Pure: the deterministic rules of PATTERN_RULES applied to one action. */
export function analyzePatterns(action: Action, workspaceDir: string): RiskAssessment {
  const context: RuleContext = { workspaceDir };
  const fired: Array<{ rule: PatternRule; evidence: string }> = [];
  const fire = (rule: PatternRule, evidence: string) => {
    if (!fired.some((entry) => entry.rule.id === rule.id)) fired.push({ rule, evidence });
  };

  switch (action.kind) {
    case 'TerminalAction': {
      const pipelines = collectPipelines(action.command, 0);
      for (const rule of PATTERN_RULES) {
        if (rule.scope === 'script' && rule.matches(action.command)) fire(rule, action.command);
        if (rule.scope === 'pipeline') {
          const match = pipelines.find((pipeline) => rule.matches(pipeline, context));
          if (match) fire(rule, match.map((command) => command.source.text).join(' | '));
        }
        if (rule.scope === 'command') {
          const match = pipelines.flat().find((command) => rule.matches(command, context));
          if (match) fire(rule, match.source.text);
        }
      }
      break;
    }
    case 'FileEditorAction':
      for (const rule of PATTERN_RULES) {
        if (rule.scope === 'file' && rule.matches(action, context))
          fire(rule, `${action.command} ${action.path}`);
      }
      break;
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

/** Every pipeline of a script, including those inside substitutions and `sh -c` / `eval` strings. */
function collectPipelines(script: string, depth: number): EffectiveCommand[][] {
  if (depth > MAX_NESTING) return [];
  const result: EffectiveCommand[][] = [];
  const visit = (pipelines: readonly Pipeline[]) => {
    for (const pipeline of pipelines) {
      const commands = pipeline.map(effectiveCommand);
      result.push(commands);
      for (const command of commands) {
        visit(command.source.nested);
        const inner = innerScript(command);
        if (inner !== undefined) result.push(...collectPipelines(inner, depth + 1));
      }
    }
  };
  visit(parseShell(script));
  return result;
}

/** The script a command hands to another shell: `bash -c '…'`, `eval …`. */
function innerScript(command: EffectiveCommand): string | undefined {
  if (command.program === 'eval') return command.args.join(' ');
  if (!/^(?:sh|bash|zsh|dash|ksh)$/.test(command.program)) return undefined;
  const flag = command.args.findIndex((arg) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(arg));
  return flag >= 0 ? command.args[flag + 1] : undefined;
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_EVIDENCE ? `${line.slice(0, MAX_EVIDENCE - 1)}…` : line;
}
