import type { Settings } from '../api/wire-types';

export type AnalyzerKind = Settings['security_analyzer']['kind'];

/** Who rates an action's risk, in the words the settings and a conversation's approvals show. */
export const ANALYZER_LABELS: Record<AnalyzerKind, { label: string; hint: string }> = {
  EnsembleSecurityAnalyzer: {
    label: 'Rules and the model',
    hint: 'The higher of the pattern rules and the model’s own rating',
  },
  PatternSecurityAnalyzer: {
    label: 'Pattern rules',
    hint: 'Deterministic rules over the command or file path; the model cannot talk them down',
  },
  LLMSecurityAnalyzer: {
    label: 'The model’s own rating',
    hint: 'The risk the model states with each action',
  },
};
