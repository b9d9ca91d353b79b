import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type Ajv from 'ajv/dist/core.js';
import { type Violation, isRecord } from './violation';

type Schema = Record<string, unknown>;

/**
 * Says why a body fails a schema, in the terms a person fixes it by: the deepest path and the one rule
 * broken there. Ajv's own error list names every branch of every union (a message that is not a
 * `developer` message is reported as failing all six message shapes); this walks the schema beside
 * the data instead, picks the branch of a union the data means (its `type`/`role` tag, its JSON
 * type), and reports that branch's failures. Ajv stays the judge of valid or not: the walk runs
 * only after ajv said no, and ajv answers every "does this part match" question on the way.
 */
export function explainSchemaFailure(
  ajv: Ajv,
  rootId: string,
  root: Schema,
  pointer: string,
  data: unknown,
): Violation[] {
  const validators = pointerValidators.get(ajv) ?? new Map<string, ValidateFunction>();
  pointerValidators.set(ajv, validators);
  const validatorAt = (at: string): ValidateFunction => {
    let validate = validators.get(at);
    if (!validate) {
      validate = ajv.getSchema(at) ?? ajv.compile({ $ref: at });
      validators.set(at, validate);
    }
    return validate;
  };
  const valid = (at: string, value: unknown): boolean => validatorAt(`${rootId}#${at}`)(value) === true;

  function explain(at: string, value: unknown, path: Violation['path']): Violation[] {
    if (valid(at, value)) return [];
    const node = nodeAt(root, at);
    if (node === false) return [{ path, rule: 'is not allowed here' }];
    if (!isRecord(node)) return [];
    const local = leafViolations(ajv, node, value, path);
    if (local.length > 0) return local;
    const found: Violation[] = [];
    if (typeof node.$ref === 'string') found.push(...explain(node.$ref.slice(1), value, path));
    for (const key of ['anyOf', 'oneOf'] as const)
      if (Array.isArray(node[key])) found.push(...explainUnion(at, key, value, path));
    if (Array.isArray(node.allOf))
      for (const index of node.allOf.keys()) found.push(...explain(`${at}/allOf/${index}`, value, path));
    if (isRecord(value)) found.push(...explainObject(at, node, value, path));
    if (Array.isArray(value) && node.items !== undefined)
      for (const [index, item] of value.entries())
        found.push(...explain(`${at}/items`, item, [...path, index]));
    return found.length > 0 ? found : rawViolations(validatorAt(`${rootId}#${at}`).errors ?? [], path);
  }

  function explainObject(at: string, node: Schema, value: Schema, path: Violation['path']): Violation[] {
    const found: Violation[] = [];
    const properties = isRecord(node.properties) ? node.properties : {};
    for (const name of Array.isArray(node.required) ? (node.required as string[]) : [])
      if (!(name in value)) found.push({ path: [...path, name], rule: 'required property is missing' });
    for (const [name, propertyValue] of Object.entries(value)) {
      if (name in properties) {
        found.push(
          ...explain(`${at}/properties/${escapePointerSegment(name)}`, propertyValue, [...path, name]),
        );
      } else if (node.additionalProperties === false) {
        found.push({
          path: [...path, name],
          rule: 'unknown property: the request schema does not declare it',
        });
      } else if (isRecord(node.additionalProperties)) {
        found.push(...explain(`${at}/additionalProperties`, propertyValue, [...path, name]));
      }
    }
    return found;
  }

  function explainUnion(
    at: string,
    key: 'anyOf' | 'oneOf',
    value: unknown,
    path: Violation['path'],
  ): Violation[] {
    const node = nodeAt(root, at) as Schema;
    const branches = (node[key] as unknown[]).map((_, index) => `${at}/${key}/${index}`);
    const matching = branches.filter((branch) => valid(branch, value));
    if (matching.length === 1 || (key === 'anyOf' && matching.length > 1)) return [];
    if (matching.length > 1) return [{ path, rule: 'matches more than one of the allowed shapes' }];
    const plausible = branches.filter((branch) => fits(branch, value));
    if (plausible.length === 0) return [{ path, rule: describeMismatch(branches, value) }];
    const explained = plausible.map((branch) => explain(branch, value, path));
    return explained.reduce((best, next) => (next.length < best.length ? next : best));
  }

  /** Resolves `$ref` chains to the schema a pointer finally means. */
  function resolved(at: string): { at: string; node: unknown } {
    let current = at;
    for (let hops = 0; hops < 20; hops += 1) {
      const node = nodeAt(root, current);
      if (!isRecord(node) || typeof node.$ref !== 'string' || node.properties || node.anyOf || node.oneOf)
        return { at: current, node };
      current = node.$ref.slice(1);
    }
    return { at: current, node: nodeAt(root, current) };
  }

  /** Could the data mean this branch: same JSON type, and no tag property saying otherwise? */
  function fits(at: string, value: unknown): boolean {
    const { at: target, node } = resolved(at);
    if (!isRecord(node)) return node !== false;
    for (const key of ['anyOf', 'oneOf'] as const)
      if (Array.isArray(node[key]))
        return (node[key] as unknown[]).some((_, index) => fits(`${target}/${key}/${index}`, value));
    const types = typeList(node);
    if (
      types &&
      !types.includes(jsonType(value)) &&
      !(jsonType(value) === 'integer' && types.includes('number'))
    )
      return false;
    if (!isRecord(value) || !isRecord(node.properties)) return true;
    for (const [name, property] of Object.entries(node.properties)) {
      const allowed = tagValues(property);
      if (allowed && name in value && !allowed.includes(value[name])) return false;
    }
    return true;
  }

  function describeMismatch(branches: string[], value: unknown): string {
    const tags = new Map<string, unknown[]>();
    const types = new Set<string>();
    const collect = (at: string) => {
      const { at: target, node } = resolved(at);
      if (!isRecord(node)) return;
      for (const key of ['anyOf', 'oneOf'] as const)
        if (Array.isArray(node[key])) {
          for (const index of (node[key] as unknown[]).keys()) collect(`${target}/${key}/${index}`);
          return;
        }
      for (const type of typeList(node) ?? []) types.add(type);
      if (isRecord(value) && isRecord(node.properties))
        for (const [name, property] of Object.entries(node.properties)) {
          const allowed = tagValues(property);
          if (allowed && name in value) tags.set(name, [...(tags.get(name) ?? []), ...allowed]);
        }
    };
    for (const branch of branches) collect(branch);
    const [tag, allowed] = [...tags.entries()][0] ?? [];
    if (tag !== undefined && isRecord(value)) {
      const values = [...new Set(allowed)]
        .filter((item) => item !== null)
        .map((item) => JSON.stringify(item));
      return `${tag} must be one of ${values.join(', ')} (got ${JSON.stringify(value[tag])})`;
    }
    return `must be ${[...types].join(' or ') || 'one of the allowed shapes'} (got ${jsonType(value)})`;
  }

  return explain(pointer, data, []);
}

/** Compiled sub-schemas by `id#pointer`, kept for the process like the schemas themselves. */
const pointerValidators = new WeakMap<Ajv, Map<string, ValidateFunction>>();

const LEAF_KEYWORDS = [
  'type',
  'enum',
  'const',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
];
const leafValidators = new WeakMap<Ajv, Map<string, ValidateFunction>>();

/** The node's own checks on this value (type, enum, bounds, pattern), none of its parts'. */
function leafViolations(ajv: Ajv, node: Schema, value: unknown, path: Violation['path']): Violation[] {
  const leaf = Object.fromEntries(LEAF_KEYWORDS.filter((key) => key in node).map((key) => [key, node[key]]));
  if (Object.keys(leaf).length === 0) return [];
  const cache = leafValidators.get(ajv) ?? new Map<string, ValidateFunction>();
  leafValidators.set(ajv, cache);
  const key = JSON.stringify(leaf);
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(leaf);
    cache.set(key, validate);
  }
  if (validate(value)) return [];
  const errors = validate.errors ?? [];
  const typeError = errors.find((error) => error.keyword === 'type');
  return rawViolations(typeError ? [typeError] : errors, path, value);
}

/** Ajv's errors in plain words, each at its own path under `path`. */
export function rawViolations(errors: ErrorObject[], path: Violation['path'], value?: unknown): Violation[] {
  return errors
    .filter((error) => !['anyOf', 'oneOf', 'allOf', 'if', '$ref'].includes(error.keyword))
    .map((error) => {
      const at = [
        ...path,
        ...pointerSegments(error.instancePath).map((segment) =>
          /^\d+$/.test(segment) ? Number(segment) : segment,
        ),
      ];
      const params = error.params as Record<string, unknown>;
      switch (error.keyword) {
        case 'additionalProperties':
          return {
            path: [...at, String(params.additionalProperty)],
            rule: 'unknown property: the request schema does not declare it',
          };
        case 'required':
          return { path: [...at, String(params.missingProperty)], rule: 'required property is missing' };
        case 'type':
          return {
            path: at,
            rule: `must be ${String(params.type).replaceAll(',', ' or ')} (got ${jsonType(value)})`,
          };
        case 'enum':
          return {
            path: at,
            rule: `must be one of ${(params.allowedValues as unknown[]).map((item) => JSON.stringify(item)).join(', ')}${
              value === undefined ? '' : ` (got ${JSON.stringify(value)})`
            }`,
          };
        case 'const':
          return { path: at, rule: `must be ${JSON.stringify(params.allowedValue)}` };
        case 'pattern':
          return { path: at, rule: `must match the pattern ${String(params.pattern)}` };
        default:
          return { path: at, rule: error.message ?? `fails the ${error.keyword} rule` };
      }
    });
}

function typeList(node: Schema): string[] | null {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type as string[];
  if ('const' in node) return [jsonType(node.const)];
  return null;
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function nodeAt(root: Schema, pointer: string): unknown {
  let node: unknown = root;
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isRecord(node)) node = node[segment];
    else return undefined;
  }
  return node;
}

function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
}

function escapePointerSegment(name: string): string {
  return encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'));
}

/** The values a tag-like property (const or enum, maybe nullable) may take; null when not a tag. */
function tagValues(property: unknown): unknown[] | null {
  if (!isRecord(property)) return null;
  if ('const' in property) return [property.const];
  if (Array.isArray(property.enum)) return property.enum;
  if (Array.isArray(property.anyOf)) {
    const parts = property.anyOf.map((part) =>
      isRecord(part) && part.type === 'null' ? [null] : tagValues(part),
    );
    return parts.every((part) => part !== null) ? parts.flat() : null;
  }
  return null;
}
