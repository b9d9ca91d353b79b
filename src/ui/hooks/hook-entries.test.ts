import { describe, expect, it } from 'vitest';
import { hookEntries, withEntries } from './hook-entries';

const empty = {
  pre_tool_use: [],
  post_tool_use: [],
  user_prompt_submit: [],
  session_start: [],
  session_end: [],
  stop: [],
};

describe('hook entries', () => {
  it('flatten a config in run order and build it back, one matcher per entry', () => {
    const config = {
      ...empty,
      pre_tool_use: [
        {
          matcher: 'terminal',
          hooks: [
            { type: 'command' as const, command: 'a.sh', timeout: 60 },
            { type: 'command' as const, command: 'b.sh', timeout: 5 },
          ],
        },
      ],
      stop: [{ matcher: '*', hooks: [{ type: 'command' as const, command: 'stop.sh', timeout: 60 }] }],
    };
    const entries = hookEntries(config);
    expect(entries).toEqual([
      { event: 'PreToolUse', matcher: 'terminal', command: 'a.sh', timeout: 60 },
      { event: 'PreToolUse', matcher: 'terminal', command: 'b.sh', timeout: 5 },
      { event: 'Stop', matcher: '*', command: 'stop.sh', timeout: 60 },
    ]);
    expect(hookEntries(withEntries(config, entries))).toEqual(entries);
    expect(withEntries(config, []).pre_tool_use).toEqual([]);
  });
});
