import { findExecutable } from '../find-executable';

/**
 * The path of a program a test needs (bubblewrap, curl, python3), or an error that says how to install
 * it. `.ci/run` installs them, so a test that needs one fails on a machine without it instead of
 * skipping: a green run must never mean "confinement untested". Call it in `beforeAll` or in the test.
 */
export function requireExecutable(name: string, debianPackage: string): string {
  const path = findExecutable(name, process.env.PATH);
  if (path === undefined) {
    throw new Error(
      `${name} is not installed (not on PATH): install the Debian package \`${debianPackage}\` (apt-get install ${debianPackage}; .ci/run does)`,
    );
  }
  return path;
}
