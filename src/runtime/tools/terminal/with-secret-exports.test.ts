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
});
