import type { FileEditorAction } from '../events';
import type { EffectiveCommand } from './effective-command';

/** What a rule knows besides the command itself. */
export interface RuleContext {
  workspaceDir: string;
  /**
   * Where the command runs after the `cd`s before it on the same command line: an absolute path or
   * `~/…`. Undefined means the workspace, which is where every terminal command starts.
   */
  directory?: string;
}

interface RuleBase {
  id: string;
  risk: 'MEDIUM' | 'HIGH';
  /** What a person reads when the rule fires. */
  reason: string;
}

/** Each rule looks at one kind of thing: a command, a pipeline, the whole script, or a file edit. */
export type PatternRule = RuleBase &
  (
    | { scope: 'command'; matches(command: EffectiveCommand, context: RuleContext): boolean }
    | { scope: 'pipeline'; matches(pipeline: readonly EffectiveCommand[], context: RuleContext): boolean }
    | { scope: 'script'; matches(script: string): boolean }
    | { scope: 'file'; matches(action: FileEditorAction, context: RuleContext): boolean }
  );
