import { describe, expect, it } from 'vitest';
import { effectiveCommand, subcommand } from './effective-command';
import { parseShell, parseShellScript } from './parse-shell';

const words = (script: string) =>
  parseShell(script).map((pipeline) => pipeline.map((command) => command.words));

describe('parseShell', () => {
  it('splits pipelines on ; && || & and newlines, commands on |', () => {
    expect(words('a 1; b | c && d || e & f\ng')).toEqual([
      [['a', '1']],
      [['b'], ['c']],
      [['d']],
      [['e']],
      [['f']],
      [['g']],
    ]);
  });

  it('removes quotes and keeps operators inside quotes as text', () => {
    expect(words(`echo "a; b" 'c | d' e\\ f`)).toEqual([[['echo', 'a; b', 'c | d', 'e f']]]);
  });

  it('records redirections apart from the arguments, dropping fd numbers', () => {
    const command = parseShell('make 2>&1 >> build.log > /tmp/x &> all.log < in.txt')[0]?.[0];
    expect(command).toMatchObject({
      words: ['make'],
      redirects: [
        { operator: '>&', target: '1' },
        { operator: '>>', target: 'build.log' },
        { operator: '>', target: '/tmp/x' },
        { operator: '&>', target: 'all.log' },
        { operator: '<', target: 'in.txt' },
      ],
    });
  });

  it('skips heredoc bodies but keeps the commands after them', () => {
    expect(words("cat <<'EOF' > f\nsudo rm -rf /\nEOF\nls")).toEqual([[['cat']], [['ls']]]);
  });

  it('parses command substitutions as nested commands', () => {
    const command = parseShell('echo "$(whoami)" `date` <(ls)')[0]?.[0];
    expect(command?.words).toEqual(['echo', '$(…)', '$(…)', '$(…)']);
    expect(command?.nested.map((pipeline) => pipeline[0]?.words[0])).toEqual(['whoami', 'date', 'ls']);
  });

  it('ignores comments', () => {
    expect(words('ls # sudo rm -rf /')).toEqual([[['ls']]]);
  });

  it('keeps the source text of each command', () => {
    expect(parseShell('npm ci && sudo  make install').map((pipeline) => pipeline[0]?.text)).toEqual([
      'npm ci',
      'sudo  make install',
    ]);
  });
});

describe('parseShellScript', () => {
  it.each([
    ['ls -la && echo "a b"', []],
    ['echo "open', ['unbalanced double quote']],
    ["echo 'open", ['unbalanced single quote']],
    ['echo `date', ['unclosed command substitution']],
    ['echo $(date', ['unclosed command substitution']],
    ['cat <<EOF\nbody', ['unterminated heredoc']],
    ['cat <<EOF', ['unterminated heredoc']],
    ["echo $'\\x41'", ["escape-encoded $'…' quoting"]],
    ["IFS=$'\\n' read -r x", []],
  ])('lists what it could not follow in %j', (script, problems) => {
    expect(parseShellScript(script).problems).toEqual(problems);
  });

  it('keeps heredoc bodies on the command they feed', () => {
    const [first, second] = parseShellScript("bash <<'EOF'\nrm -rf /\nEOF\nls").pipelines;
    expect(first?.[0]?.heredocs).toEqual(['rm -rf /']);
    expect(second?.[0]?.words).toEqual(['ls']);
  });

  it('keeps a backslash inside double quotes unless it escapes a special character', () => {
    expect(words('printf "\\x41 \\$HOME \\""')).toEqual([[['printf', '\\x41 $HOME "']]]);
  });
});

describe('effectiveCommand', () => {
  const effective = (script: string) => {
    const command = parseShell(script)[0]?.[0];
    if (!command) throw new Error('no command');
    return effectiveCommand(command);
  };

  it('peels wrappers and assignments off to find the program', () => {
    expect(effective('FOO=1 sudo -u me env X=2 nohup /usr/bin/rm -rf x')).toMatchObject({
      program: 'rm',
      args: ['-rf', 'x'],
      wrappers: ['sudo', 'env', 'nohup'],
    });
    expect(effective('timeout 5 curl x')).toMatchObject({ program: 'curl', wrappers: ['timeout'] });
  });

  it('treats a lone wrapper as the program', () => {
    expect(effective('env')).toMatchObject({ program: 'env', wrappers: [] });
  });

  it('sees pip behind python -m', () => {
    expect(effective('python3 -m pip install x')).toMatchObject({ program: 'pip', args: ['install', 'x'] });
  });

  it('finds the subcommand behind global options', () => {
    expect(subcommand(effective('git -C repo -c a=b push -f'))).toBe('push');
    expect(subcommand(effective('yarn'))).toBeUndefined();
  });
});
