import { z } from 'zod';
import { clientOnlyComponents, requestComponents, responseComponents } from './api-components';

type JsonObject = Record<string, unknown>;

const COMPONENT_PREFIX = '#/components/schemas/';

/**
 * One zod schema as an OpenAPI 3.1 schema object. Named components become $refs into
 * `#/components/schemas`; request parts use the input shape (defaults optional), answers the output.
 */
export function zodToOpenApi(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const json = z.toJSONSchema(schema, {
    metadata: io === 'input' ? requestComponents : responseComponents,
    io,
    unrepresentable: 'any',
  }) as JsonObject;
  delete json.$schema;
  delete json.$defs;
  return rewriteRefs(json) as JsonObject;
}

/** Every named component, for `components.schemas`. */
export function componentSchemas(): Record<string, JsonObject> {
  const result: Record<string, JsonObject> = {};
  const sources = [
    { registry: responseComponents, io: 'output' as const },
    { registry: clientOnlyComponents, io: 'input' as const },
  ];
  for (const { registry, io } of sources) {
    const { schemas } = z.toJSONSchema(registry, {
      uri: (id) => `${COMPONENT_PREFIX}${id}`,
      unrepresentable: 'any',
      io,
    });
    for (const [id, schema] of Object.entries(schemas)) {
      const { $schema: _schema, $id: _id, ...rest } = schema as JsonObject;
      // Shared models come out the same from both registries; the first one stays.
      result[id] ??= rest;
    }
  }
  return result;
}

export function isZodSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  const result: JsonObject = {};
  for (const [key, inner] of Object.entries(value)) {
    result[key] =
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
        ? `${COMPONENT_PREFIX}${inner.slice('#/$defs/'.length)}`
        : rewriteRefs(inner);
  }
  return result;
}
