import { chmodSync, readFileSync, statSync } from 'node:fs';
import { DEFAULT_SETTINGS_FILE, type SettingsFile, SettingsFileSchema } from './settings-file';
import { SettingsError } from '../data-files/settings-error';

/**
 * Loads settings.json; a missing file means the defaults of a new install. A file that is not JSON or
 * does not fit the schema throws a SettingsError naming the file, the problem and the fix, so the
 * runtime can refuse to start with one clear line instead of silently dropping the person's settings.
 */
export function readSettingsFile(path: string): SettingsFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return structuredClone(DEFAULT_SETTINGS_FILE);
    throw new SettingsError('settings_io', `Cannot read ${path}: ${errorText(error)}`);
  }
  tightenMode(path);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SettingsError(
      'corrupt_settings',
      `${path} is not valid JSON (${errorText(error)}): fix it, or delete it to start from the defaults`,
    );
  }
  const parsed = SettingsFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(top level)';
    throw new SettingsError(
      'corrupt_settings',
      `${path} has an invalid value at ${field} (${issue?.message ?? 'invalid'}): fix it, or delete the file to start from the defaults`,
    );
  }
  return parsed.data;
}

/** The file holds an API key: keep it readable by its owner only, even if someone widened it. */
function tightenMode(path: string): void {
  try {
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  } catch {
    // Not the owner (e.g. a shared read-only data dir): reading still works, so leave it be.
  }
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
