import { spawn } from 'node:child_process';

/** Best effort: a machine without a desktop (no xdg-open) simply gets no browser. Never throws. */
export function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    // ENOENT arrives as an event, not an exception; the person still has the URL from the ready line.
    child.on('error', () => {});
    child.unref();
  } catch {
    // spawn can throw synchronously on exotic platforms; opening a browser is never worth failing for.
  }
}
