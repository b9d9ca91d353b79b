/** Test helper: bwrap's file arguments as `flag path…` strings, one mount each, for readable assertions. */
export function mounts(args: readonly string[]): string[] {
  const lines: string[] = [];
  const arity: Record<string, number> = {
    '--ro-bind': 2,
    '--bind': 2,
    '--symlink': 2,
    '--dev': 1,
    '--proc': 1,
    '--tmpfs': 1,
    '--remount-ro': 1,
  };
  for (let index = 0; index < args.length; ) {
    const flag = args[index] ?? '';
    const count = arity[flag] ?? 0;
    lines.push([flag, ...args.slice(index + 1, index + 1 + count)].join(' '));
    index += 1 + count;
  }
  return lines;
}
