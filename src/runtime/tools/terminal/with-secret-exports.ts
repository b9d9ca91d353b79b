const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The command with `export NAME='value'` lines before it for the secrets it names, so a secret
 * reaches exactly the commands that ask for it. The shell is persistent, so the secrets an earlier
 * command was given (`exportedBefore`) are unset first unless this one names them too: otherwise any
 * later command would find them in its environment. The shell's echo is off, so the values are never
 * printed back; whatever a command prints is masked before it is stored anyway.
 */
export function withSecretExports(
  command: string,
  secrets: Record<string, string>,
  exportedBefore: readonly string[] = [],
): string {
  const names = Object.keys(secrets).filter((name) => VARIABLE_NAME.test(name));
  const stale = exportedBefore.filter((name) => VARIABLE_NAME.test(name) && !names.includes(name));
  const lines: string[] = [];
  if (stale.length > 0) lines.push(`unset -v ${stale.join(' ')}`);
  if (names.length > 0)
    lines.push(`export ${names.map((name) => `${name}=${singleQuoted(secrets[name] ?? '')}`).join(' ')}`);
  return [...lines, command].join('\n');
}

function singleQuoted(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
