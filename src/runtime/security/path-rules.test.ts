import { describe, expect, it } from 'vitest';
import { analyzePatterns } from './analyze-patterns';

const workspaceDir = '/home/dev/project';
const assess = (command: string) =>
  analyzePatterns({ kind: 'TerminalAction', command, is_input: false, reset: false }, workspaceDir);

describe('path rules', () => {
  it.each([
    ['cd /etc && echo x > hosts', 'HIGH', 'writes to a file outside the workspace (echo x > hosts in /etc)'],
    ['cd /etc; rm hosts', 'HIGH', 'deletes files outside the workspace'],
    ['cd .. || exit 1; cp notes.txt other/', 'HIGH', 'writes to a file outside the workspace'],
    ['cd / && rm -rf usr', 'HIGH', 'recursive delete of a broad path'],
    ['cd ~ && echo "alias ls=rm" >> .bashrc', 'HIGH', 'shell start-up file'],
    ['rm /etc/hosts', 'HIGH', 'deletes files outside the workspace'],
    ['echo "export X=1" >> ~/.zshrc', 'HIGH', 'shell start-up file'],
    ['echo x >> $HOME/.profile', 'HIGH', 'shell start-up file'],
    ['cp evil.sh ~/.bash_profile', 'HIGH', 'shell start-up file'],
    ['echo "umask 000" | sudo tee -a /etc/profile', 'HIGH', 'shell start-up file'],
    ['echo x > /etc/profile.d/x.sh', 'HIGH', 'shell start-up file'],
    ['echo ssh-ed25519 AAAA >> ~/.ssh/authorized_keys', 'HIGH', 'writes into ~/.ssh'],
    ['cp key.pub /root/.ssh/authorized_keys', 'HIGH', 'writes into ~/.ssh'],
    ['cat ~/.aws/credentials', 'HIGH', 'credentials'],
    ['cd ~/.aws && cat credentials', 'HIGH', 'credentials'],
    ['head ~/.ssh/id_ed25519', 'HIGH', 'credentials'],
    ['cat ~/.netrc', 'HIGH', 'credentials'],
    ['cat ~/.git-credentials', 'HIGH', 'credentials'],
    ['cat ~/.docker/config.json', 'HIGH', 'credentials'],
    ['ls ~/.config/gcloud', 'HIGH', 'credentials'],
    ['cat /etc/shadow', 'HIGH', 'password hashes'],
    ['sqlite3 ~/.agent-workbench/workbench.db .dump', 'HIGH', "workbench's own data dir"],
    ['cat $HOME/.agent-workbench/session-key', 'HIGH', "workbench's own data dir"],
    ['find / -delete', 'HIGH', 'find deletes files outside the workspace'],
    ['find / -name "*.log" -delete', 'HIGH', 'find deletes files outside the workspace'],
    ['find ~ -type f -exec rm -f {} +', 'HIGH', 'find deletes files outside the workspace'],
    ['find /var/log -exec /bin/rm {} \\;', 'HIGH', 'find deletes files outside the workspace'],
    ['cd /opt && find . -delete', 'HIGH', 'find deletes files outside the workspace'],
    ['chmod -R 755 /', 'HIGH', 'recursively changes permissions or owners outside the workspace'],
    ['chmod -R u+w /etc', 'HIGH', 'recursively changes permissions or owners outside the workspace'],
    [
      'sudo chown -R me:me /usr/local',
      'HIGH',
      'recursively changes permissions or owners outside the workspace',
    ],
    ['chown -R 1000:1000 .', 'MEDIUM', 'recursively changes file owners'],
    ['chgrp -R staff src', 'MEDIUM', 'recursively changes file owners'],
  ])('rates %j %s (%s)', (command, risk, reason) => {
    const assessment = assess(command);
    expect(assessment.risk).toBe(risk);
    expect(assessment.reasons.join('\n')).toContain(reason);
  });

  it.each([
    'cd src && npm test',
    'cd src && echo x > out.txt',
    'cd /tmp && rm -f scratch.txt',
    'cd /home/dev/project/app; rm -rf build',
    'find . -name "*.ts"',
    'find . -name "*.o" -delete',
    'find /tmp/cache -delete',
    'find / -name hosts',
    'chmod +x script.sh',
    'chmod -R 755 dist',
    'chown me file.txt',
    'cat README.md',
    'cat docs/shadow.md',
    'echo "source ~/.bashrc" > notes.md',
    'ls ~/.ssh-notes-are-not-keys',
  ])('rates %j LOW', (command) => {
    expect(assess(command)).toEqual({ risk: 'LOW', reasons: ['pattern: no risky pattern found'] });
  });

  it.each([
    ['view', '/etc/shadow', 'HIGH'],
    ['view', '/home/dev/.agent-workbench/settings.json', 'HIGH'],
    ['view', '/home/dev/project/.agent-workbench-notes.md', 'LOW'],
  ] as const)('rates file_editor %s %j %s', (command, path, risk) => {
    expect(analyzePatterns({ kind: 'FileEditorAction', command, path }, workspaceDir).risk).toBe(risk);
  });
});
