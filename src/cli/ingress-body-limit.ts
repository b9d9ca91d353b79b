import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBodyUpTo } from './read-body-up-to';
import { sendJson } from './send-text';

/**
 * CONTRACT §3's body limit, also enforced here for bodies that announce their length: the runtime
 * answers 413 and closes the connection while the upload is still streaming, and the forwarder then hits
 * EPIPE before it can read that answer, so the person would see a 502 instead of the 413.
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;
const BODY_TOO_LARGE = { detail: 'Request body is larger than 1 MiB', code: 'body_too_large' };
/**
 * The one route with a larger body: the runtime's file upload takes a 64 MiB file plus room for the
 * multipart lines (src/server/routes/workspace-file-routes.ts UPLOAD_BODY_LIMIT_BYTES, same figures).
 */
export const UPLOAD_PATH = '/api/file/upload';
export const UPLOAD_BODY_LIMIT_BYTES = 65 * 1024 * 1024;
const UPLOAD_TOO_LARGE = { detail: 'The upload is larger than 64 MiB', code: 'upload_too_large' };
/**
 * A message with images (data URLs) is larger: six images of 5 MiB in base64 plus the text, as the
 * runtime allows on that route (src/runtime/conversation/message-image-rules.ts, same figures).
 */
const MESSAGE_PATH = /^\/api\/conversations\/[^/]+\/events$/;
export const MESSAGE_BODY_LIMIT_BYTES = Math.ceil((6 * 5 * 1024 * 1024 * 4) / 3) + 2 * 1024 * 1024;
const MESSAGE_TOO_LARGE = {
  detail: 'The message is too large: at most 6 images of 5 MiB each can be sent at once',
  code: 'message_too_large',
};

/**
 * A webhook's body limit (src/automation/build-automation-server.ts WEBHOOK_BODY_LIMIT_BYTES, same
 * figure), answered here for a body that announces its length, for the reason given above.
 */
const WEBHOOK_PATH = /^\/api\/automation\/hooks\//;
export const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;
const WEBHOOK_TOO_LARGE = { detail: 'The body is larger than 64 KiB', code: 'payload_too_large' };

/**
 * The request's body, read whole to be sent on as one buffer with its length announced; past the
 * limit the answer is 413 (given here) and the result undefined.
 */
export async function readWholeBody(
  request: IncomingMessage,
  response: ServerResponse,
  limit: BodyLimit,
): Promise<Buffer | undefined> {
  const body = await readBodyUpTo(request, limit.bytes);
  if (body === undefined) {
    response.setHeader('Connection', 'close');
    sendJson(response, 413, limit.tooLarge);
    return undefined;
  }
  const announced = request.headers['content-length'] !== undefined || request.headers['transfer-encoding'];
  delete request.headers['transfer-encoding'];
  delete request.headers.expect;
  if (announced) request.headers['content-length'] = String(body.length);
  return body;
}

export interface BodyLimit {
  bytes: number;
  tooLarge: { detail: string; code?: string };
}

/**
 * 1 MiB, except for the file upload and a conversation's messages (exactly their paths, whatever the
 * query), and 64 KiB for a webhook.
 */
export function bodyLimitFor(request: IncomingMessage): BodyLimit {
  const path = (request.url ?? '/').split('?', 1)[0];
  if (request.method === 'POST' && path === UPLOAD_PATH) {
    return { bytes: UPLOAD_BODY_LIMIT_BYTES, tooLarge: UPLOAD_TOO_LARGE };
  }
  if (request.method === 'POST' && MESSAGE_PATH.test(path ?? '')) {
    return { bytes: MESSAGE_BODY_LIMIT_BYTES, tooLarge: MESSAGE_TOO_LARGE };
  }
  if (WEBHOOK_PATH.test(path ?? '')) return { bytes: WEBHOOK_BODY_LIMIT_BYTES, tooLarge: WEBHOOK_TOO_LARGE };
  return { bytes: BODY_LIMIT_BYTES, tooLarge: BODY_TOO_LARGE };
}

/** The 413, ended once the body is in (end-once-body-is-in.ts). */
export function refuseTooLarge(request: IncomingMessage, response: ServerResponse, limit: BodyLimit): void {
  sendJson(response, 413, limit.tooLarge, request);
}

export function exceedsBodyLimit(request: IncomingMessage, limit: BodyLimit): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > limit.bytes;
}
