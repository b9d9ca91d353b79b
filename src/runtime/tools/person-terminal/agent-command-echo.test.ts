import { describe, expect, it } from 'vitest';
import { agentCommandLine, withoutControlCharacters } from './agent-command-echo';

describe('agentCommandLine', () => {
  it('shows the command dim with its exit code', () => {
    expect(agentCommandLine('npm test', 1)).toBe('\r\n\x1b[2m[agent] $ npm test  (exit 1)\x1b[0m\r\n');
  });

  it("replaces a hostile command's escape sequences, so it cannot drive the person's terminal", () => {
    const line = agentCommandLine('echo \x1b]52;c;ZXZpbA==\x07\x9b2J\r\nrm -rf ~', 0);
    const inner = line.slice('\r\n\x1b[2m'.length, -'\x1b[0m\r\n'.length);
    expect(inner).toBe(withoutControlCharacters(inner));
    expect(inner).not.toContain('\x1b');
    expect(inner).toContain('rm -rf ~');
  });
});
