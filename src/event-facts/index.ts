/**
 * Facts read off a conversation's event log that the runtime and the UI must agree on (which answer
 * belongs to which action, what is pending, the active branch, the status, the budget that paused a
 * run, how a decision reads), as pure functions over the least of an event both sides' types fit.
 * This folder imports nothing from outside itself.
 */
export { type ActionOutcome, type ActionOutcomes, actionOutcomes, isAnswered } from './action-outcomes';
export {
  type ActiveBranch,
  activeBranch,
  extendActiveBranch,
  leafAfter,
  pathIds,
  pathToLeaf,
} from './active-branch';
export { type BudgetIn, type BudgetShape, budgetPause } from './budget-pause';
export { lastStateUpdate, statusFromEvents } from './execution-status';
export { type DecisionFacts, type DecisionText, decisionLine, describeDecision } from './describe-decision';
export { formatUsd } from './format-usd';
export { type AnswerPairing, pairAnswers } from './pair-answers';
export { pendingActions } from './pending-actions';
export type {
  ActionIn,
  ActionShape,
  AgentErrorShape,
  AnswerIn,
  DecisionIn,
  DecisionShape,
  NamedAnswerShape,
  RuleEvent,
  StateUpdateShape,
} from './rule-events';
