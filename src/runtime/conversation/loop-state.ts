import type { Run } from './run-fence';

/**
 * What the loop of one loaded conversation is doing. `pausing`: a run (or condensation) whose pause
 * was asked, finishing its step; `stopping`: an interrupt settling (a task may still be ending).
 */
export type LoopPhase = 'idle' | 'running' | 'pausing' | 'condensing' | 'stopping';

/** What a task (a run or a condensation) holds, and what was asked of the loop while it went. */
interface Busy {
  work: 'run' | 'condense';
  run: Run;
  task: Promise<void> | undefined;
  /** Pause asked: no new step starts. */
  pauseRequested: boolean;
  /** A run was asked for while a paused step was still finishing: start it once that step ends. */
  resumeAfterTask: boolean;
  /** The model changed (switch_llm): the next model call of this run resolves it again. */
  modelSwitched: boolean;
  /** A user message arrived after the latest model call began (so unseen by it); `run`: it asked to run. */
  lateMessage: { run: boolean } | undefined;
  /** A run slot was granted while this task held the loop: run once it ends. */
  grantedDuringTask: boolean;
}

/** What arrived while a task went, for the loop to act on once it ended. */
export interface AfterTask {
  lateMessage: { run: boolean } | undefined;
  resume: boolean;
  granted: boolean;
}

/**
 * The loop's state as one value (idle, or busy with one task and the wishes that arrived meanwhile)
 * beside the interrupt that may be settling; each change is a named transition. Pure bookkeeping:
 * it starts nothing.
 */
export function createLoopState() {
  let busy: Busy | undefined;
  let stopping: Promise<void> | undefined;
  return {
    phase(): LoopPhase {
      if (stopping) return 'stopping';
      if (!busy) return 'idle';
      if (busy.work === 'condense') return 'condensing';
      return busy.pauseRequested ? 'pausing' : 'running';
    },
    /** A task or an interrupt holds the loop. */
    isBusy: () => busy !== undefined || stopping !== undefined,
    hasTask: () => busy !== undefined,
    isStopping: () => stopping !== undefined,
    task: () => busy?.task,
    run: () => busy?.run,
    pauseRequested: () => busy?.pauseRequested ?? false,
    /** A run or condensation begins: nothing asked of an earlier task carries over. */
    begin(work: 'run' | 'condense', run: Run): void {
      busy = {
        work,
        run,
        task: undefined,
        pauseRequested: false,
        resumeAfterTask: false,
        modelSwitched: false,
        lateMessage: undefined,
        grantedDuringTask: false,
      };
    },
    /** The task's promise, once made (the task began synchronously). */
    attach(run: Run, task: Promise<void>): void {
      if (busy?.run === run) busy.task = task;
    },
    /** The task ended: the loop is idle; answers what arrived meanwhile. */
    end(): AfterTask {
      const ended = busy;
      busy = undefined;
      return {
        lateMessage: ended?.lateMessage,
        resume: ended?.resumeAfterTask ?? false,
        granted: ended?.grantedDuringTask ?? false,
      };
    },
    /** The task ignores its abort: the loop lets go of it, and it may no longer add to the log. */
    fence(run: Run): void {
      run.fenced = true;
      if (busy?.run === run) busy = undefined;
    },
    /** Pause asked while a task goes: no new step starts. */
    askPause(): void {
      if (busy) busy.pauseRequested = true;
    },
    /** Neither a pause nor an interrupt resumes the run a paused step would have handed on to. */
    cancelResume(): void {
      if (busy) busy.resumeAfterTask = false;
    },
    /** A run asked for while a paused step finishes: it starts once that step has ended. */
    resumeAfterTask(): void {
      if (busy) busy.resumeAfterTask = true;
    },
    grantDuringTask(): void {
      if (busy) busy.grantedDuringTask = true;
    },
    messageArrived(run: boolean): void {
      if (busy) busy.lateMessage = { run: (busy.lateMessage?.run ?? false) || run };
    },
    /** A model call began: it reads every message recorded so far. */
    modelCalled(): void {
      if (busy) busy.lateMessage = undefined;
    },
    modelChanged(): void {
      if (busy) busy.modelSwitched = true;
    },
    /** Whether the model changed since the last call asked; asking clears it. */
    takeModelSwitch(): boolean {
      const switched = busy?.modelSwitched ?? false;
      if (busy) busy.modelSwitched = false;
      return switched;
    },
    /** An interrupt settles, shared with whoever asks meanwhile; `stopped` runs once it has. */
    stop(interrupt: () => Promise<void>, stopped: () => void): Promise<void> {
      stopping ??= interrupt().finally(() => {
        stopping = undefined;
        stopped();
      });
      return stopping;
    },
    stopping: () => stopping,
  };
}

export type LoopState = ReturnType<typeof createLoopState>;
