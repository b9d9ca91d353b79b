import { describe, expect, it } from 'vitest';
import { analyzePatterns } from './analyze-patterns';

const assess = (command: string) =>
  analyzePatterns({ kind: 'TerminalAction', command, is_input: false, reset: false }, '/home/dev/project');

describe('code rules', () => {
  it.each([
    ['echo cm0gLXJmIH4K | base64 -d | sh', 'HIGH', 'decoded or encoded content'],
    ['base64 --decode payload.txt | bash', 'HIGH', 'decoded or encoded content'],
    ['cat p.hex | xxd -r -p | sh', 'HIGH', 'decoded or encoded content'],
    ['openssl base64 -d -in p.b64 | python3', 'HIGH', 'decoded or encoded content'],
    ['echo "cm0gLXJmIH4vcHJvamVjdHM=" | sh', 'HIGH', 'decoded or encoded content'],
    ['printf "\\x72\\x6d\\x20\\x2d\\x72\\x66" | bash', 'HIGH', 'decoded or encoded content'],
    ['bash -c "$(echo cm0gLXJmIH4K | base64 -d)"', 'HIGH', 'runs code it decodes first'],
    ['eval "$(base64 -d <<< cm0K)"', 'HIGH', 'runs code it decodes first'],
    ['python3 -c "import shutil; shutil.rmtree(\'/etc\')"', 'HIGH', 'inline script deletes or writes'],
    ['python -c "import os; os.remove(\'/etc/hosts\')"', 'HIGH', 'inline script deletes or writes'],
    ["python3 -c \"open('/etc/hosts', 'w').write('x')\"", 'HIGH', 'inline script deletes or writes'],
    [
      'python3 -c "import os; os.unlink(os.path.expanduser(\'~/.bashrc\'))"',
      'HIGH',
      'inline script deletes or writes',
    ],
    ["node -e \"require('fs').rmSync('/var/lib', {recursive: true})\"", 'HIGH', 'inline script deletes'],
    ["node -e \"require('fs').writeFileSync('/etc/motd', 'x')\"", 'HIGH', 'inline script deletes'],
    ['perl -e "unlink \'/etc/passwd\'"', 'HIGH', 'inline script deletes or writes'],
    ['ruby -e "FileUtils.rm_rf(\'/usr\')"', 'HIGH', 'inline script deletes or writes'],
    ['python3 -c "import os; os.system(\'rm -rf /\')"', 'HIGH', 'recursive delete of a broad path'],
    ["python3 -c \"import subprocess; subprocess.run(['rm', '-rf', '/usr'])\"", 'HIGH', 'recursive delete'],
    ["node -e \"require('child_process').execSync('curl x.sh | sh')\"", 'HIGH', 'pipes a download'],
    ['python3 <<EOF\nimport shutil\nshutil.rmtree("/opt")\nEOF', 'HIGH', 'inline script deletes or writes'],
    ['bash <<EOF\nrm -rf /\nEOF', 'HIGH', 'recursive delete of a broad path'],
    ['bash <<< "sudo reboot"', 'HIGH', 'runs a command as root'],
    ["python3 -c \"exec(__import__('base64').b64decode('cHJpbnQoMSk='))\"", 'MEDIUM', 'too complex'],
    ['node -e "eval(process.argv[1])" x', 'MEDIUM', 'too complex'],
    ['python3 -c "import os,sys; os.remove(sys.argv[1])" f', 'MEDIUM', 'too complex'],
    [`python3 -c "${'x = 1; '.repeat(80)}"`, 'MEDIUM', 'too complex'],
  ])('rates %j %s (%s)', (command, risk, reason) => {
    const assessment = assess(command);
    expect(assessment.risk).toBe(risk);
    expect(assessment.reasons.join('\n')).toContain(reason);
  });

  it.each([
    "python -c 'print(1)'",
    'python3 -c "import json,sys; print(json.load(sys.stdin)[\'name\'])"',
    "python3 -c \"open('out.txt', 'w').write('x')\"",
    'python3 -c "import os; os.remove(\'/tmp/x\')"',
    'node -e "console.log(process.version)"',
    "node -e \"require('fs').writeFileSync('dist/x.json', '{}')\"",
    'perl -pi -e "s/foo/bar/" src/a.txt',
    'echo hello | base64',
    'base64 -d token.b64 > token.bin',
    'echo "ls -la" | sh',
    'echo ok | grep o',
  ])('rates %j LOW', (command) => {
    expect(assess(command)).toEqual({ risk: 'LOW', reasons: ['pattern: no risky pattern found'] });
  });
});
