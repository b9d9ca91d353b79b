import { describe, expect, it } from 'vitest';
import { parseHookOutput } from './parse-hook-output';

const ended = (exitCode: number, stdout = '', stderr = '') => ({ exitCode, stdout, stderr, timedOut: false });

describe('parseHookOutput', () => {
  it('reads exit 0 with no output as success with no objection', () => {
    expect(parseHookOutput(ended(0), 60)).toEqual({ success: true, blocked: false });
  });
  it('reads exit 2 as a block whose reason is stderr', () => {
    expect(parseHookOutput(ended(2, '', 'no rm here\n'), 60)).toMatchObject({
      blocked: true,
      reason: 'no rm here',
    });
  });
  it('reads exit 1 as a failure that blocks nothing', () => {
    expect(parseHookOutput(ended(1, '', 'oops'), 60)).toMatchObject({
      success: false,
      blocked: false,
      error: 'Hook exited with code 1',
    });
  });
  it('reads the JSON decisions, reason, additionalContext and continue', () => {
    expect(parseHookOutput(ended(0, '{"decision":"DENY","reason":"nope"}'), 60)).toMatchObject({
      blocked: true,
      decision: 'deny',
      reason: 'nope',
    });
    expect(parseHookOutput(ended(0, '{"decision":"ask"}'), 60)).toMatchObject({
      blocked: false,
      decision: 'ask',
    });
    expect(parseHookOutput(ended(0, '{"additionalContext":"lint: 2 warnings"}'), 60)).toMatchObject({
      additional_context: 'lint: 2 warnings',
    });
    expect(parseHookOutput(ended(0, '{"continue":false}'), 60)).toMatchObject({ blocked: true });
  });
  it('records garbage that starts like JSON and ignores plain text', () => {
    expect(parseHookOutput(ended(0, '{"decision": deny'), 60)).toMatchObject({
      success: true,
      blocked: false,
      error: expect.stringContaining('cannot be read'),
    });
    expect(parseHookOutput(ended(0, '\u0000\u00ff binary junk'), 60)).toEqual({
      success: true,
      blocked: false,
    });
    expect(parseHookOutput(ended(0, '[1,2]'), 60)).toEqual({ success: true, blocked: false });
  });
  it('says a hook stopped with the run decided nothing', () => {
    expect(
      parseHookOutput({ exitCode: -1, stdout: '', stderr: '', timedOut: false, interrupted: true }, 60),
    ).toEqual({
      success: false,
      blocked: false,
      error: 'Hook was stopped with the run',
    });
  });

  it('says a hook killed at its timeout decided nothing', () => {
    expect(
      parseHookOutput({ exitCode: -1, stdout: '{"decision":"deny"}', stderr: '', timedOut: true }, 2),
    ).toEqual({
      success: false,
      blocked: false,
      error: 'Hook timed out after 2 seconds and was killed',
    });
  });
});
