import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestError } from '../http/error-catalogue';

/**
 * The answer of a socket path to a request that is not a WebSocket upgrade: 426 in the `{detail, code}`
 * shape (the plugin's own answer is an empty 404).
 */
export function answerPlainRequest(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const entry = requestError('upgrade_required');
  return reply.code(entry.status).send({ detail: entry.detail, code: entry.code });
}
