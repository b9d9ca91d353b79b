import type { CondenserOptions } from '../context/condenser';
import type { ApprovalRule, HookConfig } from '../events';
import type { HookCommandRunner } from '../hooks/hook-command-runner';
import type { LLM } from '../llm/llm';
import type { Skill } from '../skills/discover-skills';
import type { RuntimeLogger } from '../logging/runtime-logger';
import type { Toolset } from '../tools/tool';
import type { RunQueue } from './run-queue';

export interface LiveConversationPorts {
  newId(): string;
  now(): string;
  /** The model for the next run; undefined when none is configured. */
  resolveLLM(): LLM | undefined;
  /** The conversation's toolset, created on first use and kept while the conversation is loaded. */
  toolset(): Toolset;
  /** Appends the SystemPromptEvent when the active branch has none, and reads the skills again. */
  ensureSystemPrompt(toolset: Toolset): Promise<void>;
  /** The skills as last read (at creation and at each run's start): a message's triggers match these. */
  knowledgeSkills(): readonly Skill[];
  observationsDir: string;
  condenser: CondenserOptions;
  /** Read-only calls of one reply run at most this many at once (1: one after another). */
  toolConcurrencyLimit: number;
  /** The global approval rules now (settings are read on every use). */
  globalApprovalRules(): readonly ApprovalRule[];
  /**
   * Persists a global allow rule (an approval with scope `always`). Absent: such answers add a
   * conversation rule instead. May throw (settings.json not writable); nothing is recorded then.
   */
  addGlobalApprovalRule?: ((rule: ApprovalRule) => void) | undefined;
  /**
   * The runtime's run slots (`max_concurrent_runs`). A run asked for (run, a message with run) starts
   * only with a slot, else waits in the queue; a run after an approval takes one beyond the limit.
   */
  runSlots: Pick<RunQueue, 'admit' | 'occupy' | 'release' | 'cancel' | 'position'>;
  /** After a run ended (whatever the outcome): the registry may drop an idle conversation. */
  onRunEnd(): void;
  /** The first user message of the conversation was appended (titles). */
  onFirstUserMessage(text: string): void;
  /** Snapshots the workspace before a step that may change files (see AgentContext.checkpoint). */
  checkpoint?: ((signal: AbortSignal) => Promise<string | undefined>) | undefined;
  /** A step is about to ask the model: begin its snapshot now (see AgentContext.prepareCheckpoint). */
  prepareCheckpoint?: (() => void) | undefined;
  logger: RuntimeLogger;
  /** The conversation's hooks: the merged config (read on every use) and how a hook command runs. Absent: none. */
  hooks?: { config(): HookConfig; runCommand: HookCommandRunner } | undefined;
}
