import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cutMiddle } from './terminal/cut-middle';

/** What the model reads of one call at most; the rest is saved to a file it can open. */
export const MAX_OBSERVATION_CHARACTERS = 30_000;

/**
 * The text as the model reads it: whole when it fits, else its start and end with a note naming the
 * file in `observationsDir` (`<tool>-<time>-<random>.txt`) that holds all of it. Throws file system
 * errors from saving.
 */
export async function cutForModel(
  output: string,
  observationsDir: string,
  tool: string,
): Promise<{ text: string; fullOutputPath?: string }> {
  const cut = cutMiddle(output, MAX_OBSERVATION_CHARACTERS);
  if (cut === undefined) return { text: output };
  await mkdir(observationsDir, { recursive: true });
  const fullOutputPath = join(observationsDir, `${tool}-${Date.now()}-${randomBytes(4).toString('hex')}.txt`);
  await writeFile(fullOutputPath, output);
  const note = `[... ${cut.cutCharacters} characters (${cut.cutLines} lines) cut from the middle of ${output.length}. Full output saved to ${fullOutputPath}: search it with grep or view parts with file_editor view_range ...]`;
  return { text: `${cut.head}\n${note}\n${cut.tail}`, fullOutputPath };
}
