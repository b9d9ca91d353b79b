/**
 * The secrets a shell command names as `$NAME` or `${NAME}`: only those are exposed to it (as
 * environment variables), so a command that does not mention a secret never receives it. Pure.
 */
export function secretsNamedIn(
  command: string,
  secrets: Readonly<Record<string, string>>,
): Record<string, string> {
  const named: Record<string, string> = {};
  for (const found of command.matchAll(/\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g)) {
    const name = found[1] ?? found[2];
    if (name !== undefined && Object.hasOwn(secrets, name)) named[name] = secrets[name] as string;
  }
  return named;
}
