import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { type CatalogueEntry, fastifyClientError, lookupError, requestError } from './error-catalogue';
import { RequestValidationError } from './request-validation-error';

/**
 * Every failure becomes `{"detail": …, "code": …}` JSON: validation 422 with the field paths, catalogue
 * errors with their status and code, malformed requests 4xx, and anything else 500 with an `error_id`
 * that the log line (holding the stack) carries too. No answer ever contains a stack trace or quotes
 * the request's URL.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestValidationError) {
      return reply.code(422).send({ detail: error.issues, code: 'validation_failed' });
    }
    const entry = lookupError(error) ?? fastifyClientError(error);
    if (entry) return sendEntry(reply, entry);

    const errorId = randomUUID();
    request.log.error({ err: error, error_id: errorId }, 'unhandled error');
    const internal = requestError('internal_error');
    return reply.code(500).send({ detail: internal.detail, code: internal.code, error_id: errorId });
  });

  app.setNotFoundHandler((_request, reply) => sendEntry(reply, requestError('not_found')));
}

/**
 * Fastify's `frameworkErrors` option: what it refuses before routing (a malformed percent-encoding,
 * an over-long path parameter) answered like every other error, instead of its default body that
 * echoes the whole URL, query string (and a `session_api_key` in it) included.
 */
export const answerFrameworkError: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request,
  reply,
) => {
  sendEntry(reply, fastifyClientError(error) ?? requestError('bad_request'));
};

function sendEntry(reply: FastifyReply, entry: CatalogueEntry): FastifyReply {
  return reply.code(entry.status).send({ detail: entry.detail, code: entry.code });
}
