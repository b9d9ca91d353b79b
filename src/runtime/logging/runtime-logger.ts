/**
 * Where the runtime reports what went wrong behind a person's back (a subscriber that threw, a run
 * that failed on a bug, a cleanup that did not happen): never into a response, always somewhere an
 * operator can read. A port, so tests can collect and assert, and so the output has one shape.
 */
export interface RuntimeLogger {
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export interface LogFields {
  conversation_id?: string;
  /** Whatever was thrown; logged as its message and stack. */
  error?: unknown;
  [key: string]: unknown;
}

/**
 * One JSON line per record on stderr, the shape the server's request log (pino) writes, so the
 * launcher's runtime log reads as one stream.
 */
export function createStderrLogger(
  write: (line: string) => void = (line) => process.stderr.write(line),
): RuntimeLogger {
  const record = (level: number, message: string, fields: LogFields = {}) => {
    const { error, ...rest } = fields;
    const line: Record<string, unknown> = { level, time: Date.now(), msg: message, ...rest };
    if (error !== undefined) line.err = describeError(error);
    write(`${JSON.stringify(line)}\n`);
  };
  return {
    warn: (message, fields) => record(40, message, fields),
    error: (message, fields) => record(50, message, fields),
  };
}

function describeError(error: unknown): { type: string; message: string; stack?: string } {
  if (error instanceof Error) {
    return { type: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  }
  return { type: typeof error, message: String(error) };
}
