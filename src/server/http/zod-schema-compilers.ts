import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyServerOptions } from 'fastify';
import type { z } from 'zod';
import { RequestValidationError } from './request-validation-error';

const PART_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/**
 * Validates each request part with its zod schema and hands the handler the parsed value (defaults
 * applied, unknown fields refused by the strict schemas). Fastify reports an absent body as null;
 * here that is "no body", so an optional body schema accepts it.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = PART_NAMES[httpPart ?? 'body'] ?? String(httpPart);
  return (data: unknown) => {
    const input = httpPart === 'body' && data === null ? undefined : data;
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(part, result.error.issues) };
  };
};

/** Replies are built by our own code from typed values: plain JSON.stringify, no second validation. */
export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> = () => (data) =>
  JSON.stringify(data);

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * The compilers above as fastify's `schemaController.compilersFactory`. Without one, making an app
 * loads ajv and fast-json-stringify to build fastify's own compilers, which setValidatorCompiler and
 * setSerializerCompiler then replace (so the runtime's bundle can leave them out). fastify types its
 * factories for JSON Schema only, hence the cast.
 */
export const zodCompilersFactory = {
  buildValidator: () => zodValidatorCompiler,
  buildSerializer: () => zodSerializerCompiler,
} as unknown as CompilersFactory;
