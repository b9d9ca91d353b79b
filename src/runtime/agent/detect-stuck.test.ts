import { describe, expect, it } from 'vitest';
import type { Event } from '../events';
import { detectStuck } from './detect-stuck';
import { createEventBuilder } from './testing/event-builders';

describe('detectStuck', () => {
  it('four identical action/observation pairs after the last user message are stuck', () => {
    const build = createEventBuilder();
    const branch: Event[] = [build.userMessage('go')];
    for (let index = 0; index < 4; index++) branch.push(...build.pair('ls', 'a.txt'));
    expect(detectStuck(branch).kind).toBe('stuck');
  });

  it('three identical pairs are not stuck yet', () => {
    const build = createEventBuilder();
    const branch: Event[] = [build.userMessage('go')];
    for (let index = 0; index < 3; index++) branch.push(...build.pair('ls', 'a.txt'));
    expect(detectStuck(branch).kind).toBe('ok');
  });

  it('four different commands are not stuck', () => {
    const build = createEventBuilder();
    const branch: Event[] = [build.userMessage('go')];
    for (const command of ['ls', 'pwd', 'whoami', 'date']) branch.push(...build.pair(command, 'out'));
    expect(detectStuck(branch).kind).toBe('ok');
  });

  it('the same command with different results is not stuck', () => {
    const build = createEventBuilder();
    const branch: Event[] = [build.userMessage('go')];
    for (let index = 0; index < 4; index++) branch.push(...build.pair('date', `tick ${index}`));
    expect(detectStuck(branch).kind).toBe('ok');
  });

  it('identical action/error pairs nudge at three and are stuck at four', () => {
    const build = createEventBuilder();
    const branch: Event[] = [build.userMessage('go')];
    const addFailure = () => {
      const action = build.terminalAction('make');
      branch.push(action, build.agentError(action, 'make: not found'));
    };
    for (let index = 0; index < 3; index++) addFailure();
    const nudge = detectStuck(branch);
    expect(nudge.kind).toBe('nudge');
    expect(nudge.kind === 'nudge' && nudge.message).toMatch(/same arguments 3 times.*same error/);
    addFailure();
    expect(detectStuck(branch).kind).toBe('stuck');
  });

  it('three agent messages in a row without a tool call are stuck', () => {
    const build = createEventBuilder();
    const branch = [
      build.userMessage('go'),
      build.agentMessage(''),
      build.agentMessage(''),
      build.agentMessage(''),
    ];
    expect(detectStuck(branch).kind).toBe('stuck');
  });

  it('alternating between two calls six times is stuck', () => {
    const build = createEventBuilder();
    const branch: Event[] = [build.userMessage('go')];
    for (let index = 0; index < 3; index++)
      branch.push(...build.pair('ls', 'a'), ...build.pair('cat a', 'x'));
    expect(detectStuck(branch).kind).toBe('stuck');
  });

  it('a new user message clears it: only events after the last user message count', () => {
    const build = createEventBuilder();
    const branch: Event[] = [build.userMessage('go')];
    for (let index = 0; index < 4; index++) branch.push(...build.pair('ls', 'a.txt'));
    branch.push(build.userMessage('try something else'));
    branch.push(...build.pair('ls', 'a.txt'));
    expect(detectStuck(branch).kind).toBe('ok');
  });

  it('an unanswered action does not count as a repetition', () => {
    const build = createEventBuilder();
    const branch: Event[] = [build.userMessage('go')];
    for (let index = 0; index < 3; index++) branch.push(...build.pair('ls', 'a.txt'));
    branch.push(build.terminalAction('ls'));
    expect(detectStuck(branch).kind).toBe('ok');
  });
});
