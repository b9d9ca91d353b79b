import { z } from 'zod';

/** What the browser's terminal sends: keystrokes as xterm.js gives them, and its size. */
export const TerminalClientFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('input'), data: z.string().max(64 * 1024) }),
  z.strictObject({
    type: z.literal('resize'),
    cols: z.number().int().min(2).max(1000),
    rows: z.number().int().min(1).max(1000),
  }),
]);

export type TerminalClientFrame = z.infer<typeof TerminalClientFrameSchema>;

/**
 * What the server sends. `output`: pty text starting at character `offset` of the terminal's output
 * (reconnect with `?offset=<offset + data.length>` to go on exactly there); `missed` characters were
 * no longer kept. `exit`: the shell ended (a keystroke starts a new one). `error`: why no shell runs.
 */
export type TerminalServerFrame =
  | { type: 'output'; offset: number; data: string; missed?: number }
  | { type: 'exit'; exit_code: number }
  | { type: 'error'; message: string };
