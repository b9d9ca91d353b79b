import { createHash } from 'node:crypto';

/**
 * The image a docker sandbox runs when the person names none (`--sandbox-image`). The runtime names it
 * too (runtime/sandbox/sandbox-kind.ts; the launcher never imports the runtime): a test keeps them one.
 */
export const DEFAULT_SANDBOX_IMAGE = 'agent-workbench-sandbox:1';

/** Where a Debian base comes from when no registry is reachable: a debootstrap of this suite. */
export const DEBIAN_SUITE = 'bookworm';
/** The registry image tried first: the same suite, for machines that reach a registry. */
export const DEBIAN_REGISTRY_IMAGE = `debian:${DEBIAN_SUITE}-slim`;
/** Our own import of a debootstrapped Debian, used as the base when the registry image is absent. */
export const DEBIAN_BOOTSTRAP_IMAGE = `agent-workbench-debian:${DEBIAN_SUITE}`;

/** Label holding the recipe's hash: an image carrying the current one is used as it is. */
export const RECIPE_LABEL = 'org.agent-workbench.sandbox-recipe';

/**
 * The usual toolchain of a developer's machine: a shell and coreutils, git, Node, Python, a C/C++
 * toolchain and make, and the small tools agents reach for. No sudo: the sandbox user stays itself.
 */
export const SANDBOX_PACKAGES = [
  'bash',
  'ca-certificates',
  'coreutils',
  'curl',
  'diffutils',
  'file',
  'findutils',
  'g++',
  'gcc',
  'git',
  'grep',
  'jq',
  'less',
  'libc6-dev',
  'make',
  'nodejs',
  'npm',
  'openssh-client',
  'patch',
  'procps',
  'python3',
  'python3-venv',
  'sed',
  'unzip',
  'xz-utils',
  'zip',
] as const;

/**
 * The Dockerfile on top of a Debian base. HOME is a folder any user can write, since the sandbox runs
 * as a numeric user the image has no account for; the last step proves the shell the terminal needs.
 */
export function sandboxDockerfile(baseImage: string): string {
  return [
    `FROM ${baseImage}`,
    'ENV DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8',
    `RUN apt-get update && apt-get install -y --no-install-recommends ${SANDBOX_PACKAGES.join(' ')} \\`,
    '  && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb',
    'RUN mkdir -p /home/sandbox && chmod 1777 /home/sandbox',
    'ENV HOME=/home/sandbox PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    'RUN bash -c "git --version && node --version && python3 --version && gcc --version" > /dev/null',
    'CMD ["/bin/bash"]',
    '',
  ].join('\n');
}

/**
 * Hash of what the image is made of: a change to the recipe builds a new image, anything else reuses
 * it. The same whichever route gave the Debian base (the registry's or a bootstrap of the same suite).
 */
export function recipeHash(): string {
  return createHash('sha256')
    .update(sandboxDockerfile(`debian:${DEBIAN_SUITE}`))
    .digest('hex')
    .slice(0, 16);
}
