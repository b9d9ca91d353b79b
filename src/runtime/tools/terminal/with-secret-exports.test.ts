import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { withSecretExports } from './with-secret-exports';

describe('withSecretExports', () => {
  it('leaves a command that names no secret unchanged', () => {
    expect(withSecretExports('ls -la', {})).toBe('ls -la');
  });

  it('exports the named secrets before the command, quoted so bash reads them back exactly', () => {
    const value = `it's $HOME "and" \`this\` \\ too`;
    const command = withSecretExports('printf %s "$TOKEN"', { TOKEN: value });
    expect(command.startsWith('export TOKEN=')).toBe(true);
    expect(execFileSync('bash', ['-c', command], { encoding: 'utf8' })).toBe(value);
  });

  it('skips names that are not shell variable names', () => {
    expect(withSecretExports('true', { 'bad-name': 'x', 'a;b': 'y' })).toBe('true');
  });

  it('unsets what the command before was given unless this one names it too, in one persistent shell', () => {
    const first = withSecretExports('true', { TOKEN: 'one', OTHER: 'two' });
    const second = withSecretExports('echo "[$TOKEN][$OTHER]"', {}, ['TOKEN', 'OTHER']);
    expect(second).toBe('unset -v TOKEN OTHER\necho "[$TOKEN][$OTHER]"');
    expect(execFileSync('bash', ['-c', `${first}\n${second}`], { encoding: 'utf8' })).toBe('[][]\n');
    const again = withSecretExports('echo "[$TOKEN]"', { TOKEN: 'one' }, ['TOKEN', 'bad;name']);
    expect(execFileSync('bash', ['-c', `${first}\n${again}`], { encoding: 'utf8' })).toBe('[one]\n');
  });
});
