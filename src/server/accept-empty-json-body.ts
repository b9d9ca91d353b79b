import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as fastify parses them (prototype poisoning refused), except that an empty body is no
 * body. Many clients send `Content-Type: application/json` on every request, also on POST run,
 * pause or DELETE, which have none; those must not fail with a 400. A route that needs a body still
 * answers 422 naming it.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
