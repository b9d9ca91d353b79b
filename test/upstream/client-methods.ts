import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as barrel from '@openhands/typescript-client';
import * as clients from '@openhands/typescript-client/clients';

/** The client package's compiled folder, where each exported class has its `.d.ts`. */
const DIST = dirname(createRequire(import.meta.url).resolve('@openhands/typescript-client'));

/**
 * Every public method (and accessor) of every class the official client exports from its two entry
 * points, by reflection over the classes' prototypes and statics: `{ ClassName: ['method', …] }`.
 * TypeScript's `private`/`protected` vanish at run time, so each candidate is checked against the
 * class's declaration file and dropped when declared non-public there. Inherited members are listed
 * under the class that defines them.
 */
export function publicClientMethods(): Record<string, string[]> {
  const declarations = declarationTexts();
  const result: Record<string, string[]> = {};
  for (const [name, value] of [...Object.entries(barrel), ...Object.entries(clients)]) {
    if (typeof value !== 'function' || !/^[A-Z]/.test(name) || result[name]) continue;
    const prototype = value.prototype as object | undefined;
    if (!prototype) continue;
    const hidden = nonPublicMembers(name, declarations);
    const own = Object.getOwnPropertyNames(prototype).filter((member) => member !== 'constructor');
    const statics = Object.getOwnPropertyNames(value).filter(
      (member) =>
        !['length', 'name', 'prototype'].includes(member) &&
        typeof (value as unknown as Record<string, unknown>)[member] === 'function',
    );
    const members = [...own, ...statics.map((member) => `static ${member}`)].filter(
      (member) => !member.startsWith('_') && !hidden.has(member.replace(/^static /, '')),
    );
    if (members.length > 0) result[name] = members.sort();
  }
  return result;
}

function declarationTexts(): string[] {
  return readdirSync(DIST, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.d.ts') && !file.includes('__tests__'))
    .map((file) => readFileSync(join(DIST, file), 'utf8'));
}

/** Members declared `private` or `protected` in `declare class <name> … { … }`. */
function nonPublicMembers(name: string, declarations: string[]): Set<string> {
  const hidden = new Set<string>();
  const header = new RegExp(`export declare (?:abstract )?class ${name}\\b`);
  for (const text of declarations) {
    const start = text.search(header);
    if (start < 0) continue;
    const end = text.indexOf('\n}', start);
    const body = text.slice(start, end < 0 ? undefined : end);
    for (const match of body.matchAll(/^\s+(?:private|protected)\s+(?:static\s+)?(?:readonly\s+)?(\w+)/gm))
      hidden.add(match[1] as string);
  }
  return hidden;
}
