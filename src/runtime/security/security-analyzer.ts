import type { Action, ConfirmationPolicy, SecurityAnalyzer, SecurityRisk } from '../events';

/** A risk verdict and the rules that produced it, in words a person understands. */
export interface RiskAssessment {
  risk: SecurityRisk;
  /** One line per rule that fired, e.g. "pattern: recursive delete of a broad path (rm -rf /)". */
  reasons: string[];
}

export interface RiskInput {
  action: Action;
  /** What the model said about its own call (`security_risk` argument), if anything. */
  modelRisk: SecurityRisk | undefined;
  workspaceDir: string;
}

/** Pure: the analyzer of a conversation rates one action. */
export type AnalyzeRisk = (analyzer: SecurityAnalyzer, input: RiskInput) => RiskAssessment;

/** Pure: does this policy make the person confirm an action of this risk? finish/think never wait. */
export type NeedsConfirmation = (policy: ConfirmationPolicy, risk: SecurityRisk) => boolean;
