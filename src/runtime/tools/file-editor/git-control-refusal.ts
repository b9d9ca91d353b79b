import { isGitControlPath } from '../../security/git-control-path';

/**
 * The refusal the model reads when a write names git's own config, hooks or pointers (see
 * isGitControlPath), as written or once its links are resolved; undefined when the write may go on.
 * The person's git runs what is written there on the host, outside the sandbox, so no write is let
 * through, whatever the policy approved.
 */
export function gitControlRefusal(paths: readonly string[]): string | undefined {
  const found = paths.find(isGitControlPath);
  if (found === undefined) return undefined;
  return `${found} is part of git's own configuration or hooks (.git/config, hooks, info, commondir, a .git file): the person's git runs what is written there, outside the sandbox, so the file editor does not write it. Ask the person to make this change.`;
}
