/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfirmationPolicySchema } from './conversation-state';

/**
 * One wire schema per thing: a confirmation policy is written once, as zod here. The automation
 * service's requests and answers, OpenAPI and the generated client all take it from this one, so a
 * new policy kind cannot reach one process and be refused, or dropped, by another.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const A_POLICY_KIND = /z\.literal\(\s*['"]NeverConfirm['"]\s*\)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('ConfirmationPolicy wire schema', () => {
  it('is defined once, as zod in the runtime events', () => {
    const definitions = sourceFiles(join(repoRoot, 'src'))
      .filter((file) => A_POLICY_KIND.test(readFileSync(file, 'utf8')))
      .map((file) => relative(repoRoot, file));
    expect(definitions).toEqual(['src/runtime/events/conversation-state.ts']);
  });

  it('is one OpenAPI component that every answer refers to', () => {
    const document = JSON.parse(readFileSync(join(repoRoot, 'openapi.json'), 'utf8'));
    const component = document.components.schemas.ConfirmationPolicy;
    const kinds = component.oneOf.map(
      (option: { properties: { kind: { const: string } } }) => option.properties.kind.const,
    );
    expect(kinds).toEqual(ConfirmationPolicySchema.options.map((option) => option.shape.kind.value));
    expect(document.components.schemas.ConversationInfo.properties.confirmation_policy).toEqual({
      $ref: '#/components/schemas/ConfirmationPolicy',
    });
  });

  it("is the UI's type by the generated component's name", () => {
    const wireTypes = readFileSync(join(repoRoot, 'src/ui/api/wire-types.ts'), 'utf8');
    expect(wireTypes).toMatch(
      /export type ConfirmationPolicy = AsReceived<Schemas\['ConfirmationPolicy'\]>;/,
    );
  });
});
