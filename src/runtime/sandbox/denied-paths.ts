import { isAbsolute, join } from 'node:path';

/** Where credentials live under a home directory: never visible to the agent's shell. */
export const CREDENTIAL_LOCATIONS = [
  '.ssh',
  '.aws',
  '.azure',
  '.config/gcloud',
  '.config/gh',
  '.npmrc',
  '.yarnrc.yml',
  '.netrc',
  '.git-credentials',
  '.docker',
  '.gnupg',
  '.local/share/keyrings',
  '.kube',
  '.pypirc',
  '.cargo/credentials',
  '.cargo/credentials.toml',
];

export interface DeniedPathsInput {
  /** The real home directory; undefined when unknown (then no credential location is added). */
  homeDir: string | undefined;
  /** The runtime's data dir (session key, settings with the API key, the event log). */
  dataDir: string;
  /** More paths the caller wants hidden; relative ones are ignored, as their meaning is unclear. */
  denyPaths: readonly string[];
}

/** Every path the sandbox must hide, as given (not resolved): the data dir, credentials, the caller's list. */
export function deniedPaths(input: DeniedPathsInput): string[] {
  const home = input.homeDir;
  const credentials =
    home === undefined || home === '' ? [] : CREDENTIAL_LOCATIONS.map((path) => join(home, path));
  const all = [input.dataDir, ...credentials, ...input.denyPaths].filter((path) => isAbsolute(path));
  return [...new Set(all)];
}
