import { describe, expect, it } from 'vitest';
import { createLoopState } from './loop-state';
import { newRun } from './run-fence';

describe('the loop state of a live conversation', () => {
  it('goes idle -> running -> pausing -> idle, and hands on a run asked for while the paused step ends', () => {
    const state = createLoopState();
    expect(state.phase()).toBe('idle');
    const run = newRun();
    state.begin('run', run);
    state.attach(run, Promise.resolve());
    expect(state.phase()).toBe('running');
    expect(state.isBusy()).toBe(true);
    state.askPause();
    expect(state.phase()).toBe('pausing');
    state.resumeAfterTask();
    expect(state.end()).toEqual({ lateMessage: undefined, resume: true, granted: false });
    expect(state.phase()).toBe('idle');
    expect(state.isBusy()).toBe(false);
  });

  it('a pause asked when idle changes nothing, and nothing asked of a task carries over to the next', () => {
    const state = createLoopState();
    state.askPause();
    state.messageArrived(true);
    state.grantDuringTask();
    expect(state.phase()).toBe('idle');
    state.begin('run', newRun());
    expect(state.pauseRequested()).toBe(false);
    expect(state.end()).toEqual({ lateMessage: undefined, resume: false, granted: false });
  });

  it('a message after the latest model call is late until the next call reads it', () => {
    const state = createLoopState();
    state.begin('run', newRun());
    state.messageArrived(false);
    state.messageArrived(true);
    state.modelCalled();
    state.messageArrived(false);
    expect(state.end().lateMessage).toEqual({ run: false });
  });

  it('a model switch is taken once by the next model call', () => {
    const state = createLoopState();
    state.begin('run', newRun());
    state.modelChanged();
    expect(state.takeModelSwitch()).toBe(true);
    expect(state.takeModelSwitch()).toBe(false);
  });

  it('condensing holds the loop; a slot granted meanwhile is handed on when it ends', () => {
    const state = createLoopState();
    state.begin('condense', newRun());
    expect(state.phase()).toBe('condensing');
    state.grantDuringTask();
    expect(state.end().granted).toBe(true);
  });

  it('stopping wins over every other phase until the interrupt settles, and fencing lets go of the task', async () => {
    const state = createLoopState();
    const run = newRun();
    state.begin('run', run);
    let release: () => void = () => undefined;
    let stoppedCalls = 0;
    const stopped = state.stop(
      () => new Promise<void>((resolve) => (release = resolve)),
      () => stoppedCalls++,
    );
    // A second interrupt shares the first.
    expect(
      state.stop(
        () => Promise.resolve(),
        () => stoppedCalls++,
      ),
    ).toBe(stopped);
    expect(state.phase()).toBe('stopping');
    state.fence(run);
    expect(run.fenced).toBe(true);
    expect(state.hasTask()).toBe(false);
    expect(state.phase()).toBe('stopping');
    release();
    await stopped;
    expect(state.phase()).toBe('idle');
    expect(stoppedCalls).toBe(1);
  });
});
