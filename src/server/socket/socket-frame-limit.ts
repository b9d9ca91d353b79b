import { MESSAGE_BODY_LIMIT_BYTES } from '../../runtime/conversation/message-image-rules';

/**
 * The largest client frame a conversation socket reads: what POST …/events accepts (a message with six
 * images at their cap), so a message that REST takes is taken by the socket too.
 */
export const SOCKET_FRAME_LIMIT_BYTES = MESSAGE_BODY_LIMIT_BYTES;

/**
 * ws's own cap, set above ours: a frame between the two is read and answered with an `error` frame
 * naming the limit, the socket stays open. Only past this does ws close the socket (1009), since it
 * stops reading a frame it will not hold.
 */
export const SOCKET_MAX_PAYLOAD_BYTES = SOCKET_FRAME_LIMIT_BYTES + 8 * 1024 * 1024;

const MIB = 1024 * 1024;

/** The `{code, detail}` of an error frame for a client frame over the limit; undefined when it fits. */
export function frameTooLarge(data: unknown): { code: 'message_too_large'; detail: string } | undefined {
  if (frameBytes(data) <= SOCKET_FRAME_LIMIT_BYTES) return undefined;
  return {
    code: 'message_too_large',
    detail: `The frame is over ${Math.floor(SOCKET_FRAME_LIMIT_BYTES / MIB)} MiB, the most a message may be (six 5 MiB images and text)`,
  };
}

function frameBytes(data: unknown): number {
  if (typeof data === 'string') return Buffer.byteLength(data);
  if (Buffer.isBuffer(data)) return data.length;
  if (Array.isArray(data)) return data.reduce((sum: number, part: Buffer) => sum + part.length, 0);
  if (data instanceof ArrayBuffer) return data.byteLength;
  return 0;
}
