import type { FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';

/**
 * Lets route handlers see the zod-parsed types of their schemas: `request.body` is the output of the
 * body schema (defaults applied), replies are checked against the input of the response schema.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}
