import type { ApprovalRule, ConfirmationPolicy, Event, NewEvent, SecurityAnalyzer } from '../events';
import type { CondenserOptions } from '../context/condenser';
import type { View } from '../context/view';
import type { LiveFrame } from './live-frame';
import type { LLM, LLMUsage } from '../llm/llm';
import type { HookRunner } from '../hooks/hook-runner';
import type { Toolset } from '../tools/tool';

/**
 * Everything one agent step reaches the world through. The agent itself keeps no state between steps:
 * the conversation owns the log, and `branch`/`view` always reflect every append made so far.
 */
export interface AgentContext {
  conversationId: string;
  workspaceDir: string;
  observationsDir: string;
  llm: LLM;
  toolset: Toolset;
  /** Read at each use, so a policy change applies to the next step. */
  confirmationPolicy(): ConfirmationPolicy;
  securityAnalyzer(): SecurityAnalyzer;
  /** Read at each use: the conversation's rules (checked first) and the global ones from settings. */
  approvalRules(): { conversation: readonly ApprovalRule[]; global: readonly ApprovalRule[] };
  branch(): readonly Event[];
  view(): View;
  /** Highest committed seq (-1 when empty). */
  lastSeq(): number;
  /** Durable append, then publication to subscribers. Returns the stored event. */
  append(event: NewEvent): Promise<Event>;
  /** Stream frames (never stored). */
  publish(frame: LiveFrame): void;
  addUsage(usage: LLMUsage): void;
  newId(): string;
  /** ISO timestamp from the injected clock. */
  now(): string;
  /** Fires on interrupt: the LLM call and the running tool stop at once. */
  signal: AbortSignal;
  condenser: CondenserOptions;
  /**
   * How many read-only calls of one reply may run at once (upstream's `tool_concurrency_limit`);
   * absent or 1: one after another, as upstream's default. Calls that may write always run alone.
   */
  toolConcurrencyLimit?: number;
  /**
   * Snapshots the workspace before a step that may change files; the checkpoint id, or undefined
   * when none was taken (no checkpoints, failure, too slow). Never rejects. Absent: no checkpoints.
   */
  checkpoint?(): Promise<string | undefined>;
  /**
   * Called as a step begins, before the model is asked: the snapshot `checkpoint` will want may start
   * now, in the background, so the step waits for it only if the model answers first. Never throws.
   */
  prepareCheckpoint?(): void;
  /** The conversation's hooks (global, accepted workspace file, its own); absent: none run. */
  hooks?: HookRunner;
}

export type StepOutcome =
  | { kind: 'continue' }
  | { kind: 'finished' }
  | { kind: 'waiting' }
  | { kind: 'aborted' }
  | { kind: 'error'; code: string; detail: string };
