import { z } from 'zod';

type JsonObject = Record<string, unknown>;

/** A registry of named models: each one becomes `#/components/schemas/<id>` and is referred to by $ref. */
export type ComponentRegistry = z.core.$ZodRegistry<{ id: string }>;

/**
 * The named models of one document. `response` names every model a client reads; `request` only
 * those whose request shape equals their answer shape (the others are inlined in request parts so a
 * client may omit what has a default); `clientOnly` the models only clients write, in their input shape.
 */
export interface DocumentComponents {
  request: ComponentRegistry;
  response: ComponentRegistry;
  clientOnly: ComponentRegistry;
}

const COMPONENT_PREFIX = '#/components/schemas/';

/** Components for a document that names no model: every schema is inlined where it is used. */
export function noComponents(): DocumentComponents {
  const none = z.registry<{ id: string }>();
  return { request: none, response: none, clientOnly: none };
}

/**
 * One zod schema as an OpenAPI 3.1 schema object. Named components become $refs into
 * `#/components/schemas`; request parts use the input shape (defaults optional), answers the output.
 */
export function zodToOpenApi(
  schema: z.ZodType,
  io: 'input' | 'output',
  components: DocumentComponents,
): JsonObject {
  const json = z.toJSONSchema(schema, {
    metadata: io === 'input' ? components.request : components.response,
    io,
    unrepresentable: 'any',
  }) as JsonObject;
  delete json.$schema;
  delete json.$defs;
  return rewriteRefs(json) as JsonObject;
}

/** Every named component, for `components.schemas`. */
export function componentSchemas(components: DocumentComponents): Record<string, JsonObject> {
  const result: Record<string, JsonObject> = {};
  const sources = [
    { registry: components.response, io: 'output' as const },
    { registry: components.clientOnly, io: 'input' as const },
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
