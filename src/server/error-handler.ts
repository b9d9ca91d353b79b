import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { lookupError } from './error-catalogue';
import { RequestValidationError } from './request-validation-error';

/** Fastify's own client errors, answered with a fixed text (their messages may quote the input). */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: 'Request body is larger than 1 MiB' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: 'Empty body with content-type application/json' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: 'Unsupported content type: send application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: 'Content-Length does not match the body' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, detail: 'Invalid content type' },
};

/**
 * Every failure becomes `{"detail": …}` JSON: validation 422 with the field paths, catalogue errors
 * with their status and code, malformed requests 4xx, and anything else 500 with an `error_id` that
 * the log line (holding the stack) carries too. No answer ever contains a stack trace.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestValidationError) {
      return reply.code(422).send({ detail: error.issues });
    }
    const entry = lookupError(error);
    if (entry) return reply.code(entry.status).send({ detail: entry.detail, code: entry.code });

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.status).send({ detail: known.detail });
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // A client error fastify raised that we have no text for: its status, a generic word.
      return reply.code(error.statusCode).send({ detail: 'Bad Request' });
    }

    const errorId = randomUUID();
    request.log.error({ err: error, error_id: errorId }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal Server Error', error_id: errorId });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }));
}
