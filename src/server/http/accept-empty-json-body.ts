import type { FastifyInstance } from 'fastify';
import { RequestValidationError } from './request-validation-error';

const nullBodyError = () =>
  new RequestValidationError('body', [
    {
      code: 'invalid_type',
      expected: 'object',
      path: [],
      message: 'Expected a JSON object, received null',
      input: null,
    },
  ]);

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
    // Fastify reports an absent body as null, so a literal `null` would pass as "no body": no route
    // takes null, so it is refused here, where the two can still be told apart.
    if (text.trim() === 'null') return done(nullBodyError(), undefined);
    return parseJson(request, text, done);
  });
}
