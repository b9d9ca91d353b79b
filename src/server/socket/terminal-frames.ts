import { z } from 'zod';
import type { TerminalClientFrame } from '../../client/terminal-socket-frames';

/** What the browser's terminal sends: keystrokes as xterm.js gives them, and its size. */
export const TerminalClientFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('input'), data: z.string().max(64 * 1024) }),
  z.strictObject({
    type: z.literal('resize'),
    cols: z.number().int().min(2).max(1000),
    rows: z.number().int().min(1).max(1000),
  }),
]);

// The schema must accept exactly the frames the page may send.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesWire: Same<z.infer<typeof TerminalClientFrameSchema>, TerminalClientFrame> = true;
void schemaMatchesWire;

export type { TerminalServerFrame } from '../../client/terminal-socket-frames';
