/** The first `maxBytes` of a stream, decoded once at the end (so no character is split), and how much was dropped. */
export interface CollectedOutput {
  push(chunk: Buffer): void;
  /** UTF-8, invalid bytes replaced. */
  text(): string;
  droppedBytes(): number;
}

export function collectOutput(maxBytes: number): CollectedOutput {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let dropped = 0;
  return {
    push(chunk) {
      const room = maxBytes - keptBytes;
      if (room <= 0) {
        dropped += chunk.length;
        return;
      }
      const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
      kept.push(piece);
      keptBytes += piece.length;
      dropped += chunk.length - piece.length;
    },
    text: () => Buffer.concat(kept).toString('utf8'),
    droppedBytes: () => dropped,
  };
}
