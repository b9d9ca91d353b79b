import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { explainSchemaFailure } from './explain-schema-failure';
import { type Violation, isRecord } from './violation';

/** The request schemas the strict mock knows, each a `$defs` entry of a file in ../spec. */
export type RequestSchema =
  | 'CreateChatCompletionRequest'
  | 'CreateResponse'
  | 'MessageCreateParamsStreaming'
  | 'MessageCreateParamsNonStreaming';

interface Loaded {
  ajv: Ajv2020;
  roots: Record<'openai' | 'anthropic', Record<string, unknown>>;
}

const SPEC_FILES = {
  openai: 'openai-request-schemas.json',
  anthropic: 'anthropic-request-schema.json',
} as const;

let loaded: Loaded | null = null;

/**
 * Checks a body against one provider request schema; empty when it conforms. Compiled once per
 * process, on first use (the two files hold ~400 schemas; compiling them costs about a second).
 */
export function schemaViolations(schema: RequestSchema, body: unknown): Violation[] {
  const { ajv, roots } = load();
  const file = schema.startsWith('MessageCreateParams') ? 'anthropic' : 'openai';
  const pointer = `/$defs/${schema}`;
  const validate = ajv.getSchema(`${file}#${pointer}`);
  if (!validate) throw new Error(`schema ${schema} is missing from ${SPEC_FILES[file]}`);
  if (validate(body)) return [];
  return explainSchemaFailure(ajv, file, roots[file], pointer, body);
}

function load(): Loaded {
  if (loaded) return loaded;
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  // OpenAPI type annotations that ajv-formats does not know; they add no check beyond the type.
  ajv.addFormat('unixtime', true);
  const read = (file: string) =>
    JSON.parse(readFileSync(fileURLToPath(new URL(`../spec/${file}`, import.meta.url)), 'utf8')) as Record<
      string,
      unknown
    >;
  const roots = { openai: closeOpenObjects(read(SPEC_FILES.openai)), anthropic: read(SPEC_FILES.anthropic) };
  ajv.addSchema({ ...roots.openai, $id: 'openai' });
  ajv.addSchema({ ...roots.anthropic, $id: 'anthropic' });
  loaded = { ajv, roots };
  return loaded;
}

/**
 * OpenAI's schemas leave most objects open (no `additionalProperties`), yet OpenAI refuses unknown
 * arguments, and stricter OpenAI-compatible servers refuse unknown fields anywhere (e.g.
 * `reasoning_content` on an assistant message). So every object schema that declares properties and
 * says nothing about others is closed here, at load time, leaving the committed copy as published;
 * schemas that say `additionalProperties: true` (free-form JSON such as function parameters) stay open.
 * Safe because the extraction merged every `allOf` into one object (a closed allOf member would refuse
 * its siblings' properties). Pure: returns a closed copy.
 */
export function closeOpenObjects<T>(node: T): T {
  if (Array.isArray(node)) return node.map(closeOpenObjects) as T;
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === 'properties' && isRecord(value)
        ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, closeOpenObjects(schema)]))
        : closeOpenObjects(value);
  }
  if (
    isRecord(node.properties) &&
    node.additionalProperties === undefined &&
    node.patternProperties === undefined &&
    node.unevaluatedProperties === undefined
  )
    out.additionalProperties = false;
  return out as T;
}
