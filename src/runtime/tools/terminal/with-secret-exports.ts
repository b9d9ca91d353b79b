/**
 * The command with `export NAME='value'` lines before it for the secrets it names, so a registered
 * secret reaches exactly the commands that ask for it. The shell's echo is off, so the values are
 * never printed back; whatever a command prints is masked before it is stored anyway.
 */
export function withSecretExports(command: string, secrets: Record<string, string>): string {
  const names = Object.keys(secrets).filter((name) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name));
  if (names.length === 0) return command;
  const assignments = names.map((name) => `${name}=${singleQuoted(secrets[name] ?? '')}`);
  return `export ${assignments.join(' ')}\n${command}`;
}

function singleQuoted(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
