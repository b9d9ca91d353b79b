import { pendingActions } from '../../event-facts';
import { contentText, textContent } from '../events';
import { skillInstructions, triggeredSkills } from '../skills/skills-listing';
import { activatedSkills, isUserMessage, sameIds } from './branch-facts';
import { condenseNow } from './condense-now';
import type { ConversationLog } from './conversation-log';
import { interruptNow } from './interrupt-now';
import type { LiveConversationPorts } from './live-conversation-ports';
import { createLoopState } from './loop-state';
import { planConfirmationAnswer } from './plan-confirmation-answer';
import { recordConfirmationAnswers } from './record-confirmation-answers';
import type { RespondToConfirmation, SendMessage } from './requests';
import { createRunStarter, SUPERSEDED_REASON } from './run-starter';
import { RuntimeError } from '../errors/runtime-error';

export type { LiveConversationPorts } from './live-conversation-ports';
export { INTERRUPTED_ERROR } from './interrupt-now';

/**
 * The loop owner of one loaded conversation: one run at a time, pause between steps, interrupt at
 * once, confirmation answers, and messages absorbed by a running loop. Throws RuntimeError for
 * requests that conflict with the state (already running, stale confirmation).
 */
export function createLiveConversation(log: ConversationLog, ports: LiveConversationPorts) {
  const state = createLoopState();

  const stamp = () => ({ id: ports.newId(), timestamp: ports.now() });
  const { start, endTask, rejectPending } = createRunStarter(log, ports, state);

  return {
    log,
    isRunning: () => state.isBusy(),
    /** What the loop is doing now (see LoopPhase). */
    phase: () => state.phase(),
    /** Starts a run; settles once what it recorded so far (run_started) is committed. */
    run(): Promise<void> {
      start(false);
      return log.settled();
    },
    /** The queue granted a slot: starts the run that waited, or gives the slot back when none may begin. */
    startGranted(): Promise<void> {
      if (state.isStopping()) ports.runSlots.release(log.id);
      else if (state.hasTask()) state.grantDuringTask();
      else start(false);
      return log.settled();
    },
    /**
     * Upstream's pause: an idle or running conversation becomes `paused` at once, with a PauseEvent,
     * and no new step starts. A step in flight may finish what it does (its events still append) and
     * may still end the run (finished, error, waiting for confirmation); otherwise `paused` stays.
     * Any other status (already paused, waiting, finished, error, stuck) is left as it is.
     */
    async pause(): Promise<void> {
      state.cancelResume();
      ports.runSlots.cancel(log.id);
      const status = log.record().execution_status;
      if (status !== 'idle' && status !== 'running') return;
      state.askPause();
      const paused = log.append({ kind: 'PauseEvent', ...stamp(), source: 'user' });
      await log.transition({ kind: 'pause_asked' });
      await Promise.all([paused, log.settled()]);
    },
    interrupt(): Promise<void> {
      return state.stop(() => interruptNow(log, ports, state), ports.onRunEnd);
    },
    /**
     * Every decision is taken at once against the memory copy of the log (as when writes were
     * synchronous); settles once the message is committed (rejects if the store refused it).
     */
    async sendMessage(message: SendMessage): Promise<void> {
      const running = state.hasTask();
      if (!running && pendingActions(log.branch()).length > 0) {
        // The model must read an answer to every call before the next user message.
        rejectPending(SUPERSEDED_REASON);
      }
      const first = !log.branch().some(isUserMessage);
      const skills = triggeredSkills(
        ports.knowledgeSkills(),
        contentText(message.content),
        activatedSkills(log.branch()),
      );
      const stored = log.append({
        kind: 'MessageEvent',
        ...stamp(),
        source: 'user',
        llm_message: { role: 'user', content: message.content },
        extended_content: skills.map((skill) => textContent(skillInstructions(skill))),
        ...(message.client_message_id ? { client_message_id: message.client_message_id } : {}),
        ...(skills.length > 0 ? { activated_skills: skills.map((skill) => skill.name) } : {}),
      });
      if (first) ports.onFirstUserMessage(contentText(message.content));
      if (running) {
        state.messageArrived(message.run);
        // Paused while a step finishes: the message's run goes on once that step has ended.
        if (message.run && state.pauseRequested() && log.record().execution_status === 'paused')
          state.resumeAfterTask();
        await stored;
        return;
      }
      await log.transition({ kind: 'user_message', supersededPending: false });
      if (message.run && !state.isStopping()) start(false);
      await Promise.all([stored, log.settled()]);
    },
    async respondToConfirmation(response: RespondToConfirmation): Promise<void> {
      const pending = pendingActions(log.branch());
      if (response.action_ids && !sameIds(response.action_ids, pending))
        throw new RuntimeError('stale_confirmation');
      // Upstream answers an accept or reject with nothing pending as a no-op success.
      if (pending.length === 0 && !response.decisions?.length) return;
      const answers = planConfirmationAnswer(response, pending, log.branch(), {
        workspaceDir: log.record().workspace_dir,
        newId: ports.newId,
        now: ports.now,
      });
      if (state.isBusy()) throw new RuntimeError('conversation_already_running');
      recordConfirmationAnswers(log, answers, ports);
      // The run that waited for this answer goes on: it does not queue again behind others.
      if (answers.some((answer) => answer.accept)) start(true, 'occupy');
      else await log.transition({ kind: 'all_rejected' });
      await log.settled();
    },
    /**
     * Forces a condensation (upstream's condense). While a run is going or actions wait for an answer,
     * records a CondensationRequest that the (next) run honours before its next model call. Otherwise summarises now; with too little
     * history to forget anything, does nothing. Throws llm_not_configured, conversation_already_running
     * (an interrupt is settling), llm_call_failed.
     */
    async condense(): Promise<void> {
      if (state.isStopping()) throw new RuntimeError('conversation_already_running');
      // A run going, or actions waiting for an answer (a summary step must not run them, as
      // upstream's would): the next run condenses before its next model call.
      if (state.hasTask() || pendingActions(log.branch()).length > 0) {
        await log.append({ kind: 'CondensationRequest', ...stamp(), source: 'user' });
        return;
      }
      await condenseNow(log, ports, state, () => {
        endTask('condense');
        if (!state.hasTask()) ports.runSlots.release(log.id);
      });
    },
    /** The conversation's model changed: the next model call (of this run too) uses the new one. */
    modelChanged(): void {
      state.modelChanged();
    },
    /** Resolves when no run is going (for shutdown and delete). */
    async settle(): Promise<void> {
      await state.task();
      await state.stopping();
      await log.settled();
    },
  };
}

export type LiveConversation = ReturnType<typeof createLiveConversation>;
