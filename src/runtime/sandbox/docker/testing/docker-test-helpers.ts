import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Docker from 'dockerode';

/** Polls `probe` until it finds something (at most ~15 s: a loaded machine starts containers slowly). */
export async function waitFor<T>(probe: () => Promise<T[]>): Promise<T[]> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const found = await probe();
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return probe();
}

/** A one-file image with no shell in it, imported (no registry needed). */
export async function imageWithoutShell(docker: Docker, root: string): Promise<string> {
  const tag = 'agent-workbench-test-no-shell:1';
  const found = await docker
    .getImage(tag)
    .inspect()
    .catch(() => undefined);
  if (found !== undefined) return tag;
  const context = join(root, 'no-shell');
  mkdirSync(context);
  writeFileSync(join(context, 'README'), 'no shell here\n');
  const tarPath = join(root, 'no-shell.tar');
  execFileSync('tar', ['-cf', tarPath, '-C', context, 'README']);
  const stream = await docker.importImage(tarPath, { repo: 'agent-workbench-test-no-shell', tag: '1' });
  await new Promise((resolve, reject) =>
    docker.modem.followProgress(stream, (error) => (error ? reject(error) : resolve(undefined))),
  );
  // Podman's compatible import names it :latest, whatever tag was asked.
  const named = await docker
    .getImage(tag)
    .inspect()
    .catch(() => undefined);
  if (named === undefined)
    await docker
      .getImage('agent-workbench-test-no-shell')
      .tag({ repo: 'agent-workbench-test-no-shell', tag: '1' });
  return tag;
}
