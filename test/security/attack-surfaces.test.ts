import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAutomationServer } from '../../src/automation/build-automation-server';
import {
  type AutomationTestBed,
  createAutomationTestBed,
} from '../../src/automation/testing/automation-test-bed';
import { routeTable } from '../../src/server/http/route-table';
import { createTestServer, type TestServer } from '../../src/server/testing/create-test-server';
import { ATTACK_SURFACES } from './attack-surfaces';

const REPO = join(import.meta.dirname, '..', '..');

let runtime: TestServer;
let automationBed: AutomationTestBed;
let automationRoutes: string[];

beforeAll(async () => {
  runtime = await createTestServer();
  automationBed = createAutomationTestBed();
  const automation = await buildAutomationServer({
    service: automationBed.service,
    sessionKey: 'audit-key',
    port: 80,
    allowedOrigins: new Set(),
  });
  await automation.ready();
  automationRoutes = routesOfTree(automation.printRoutes({ commonPrefix: false }));
  await automation.close();
});
afterAll(async () => {
  await runtime?.close();
  await automationBed?.close();
});

/**
 * `METHOD /path` for each route in fastify's printed radix tree: a line's path is its parent's plus its
 * own segment, its depth four characters of indent per level.
 */
function routesOfTree(tree: string): string[] {
  const paths: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4;
    const path = (depth > 0 ? (paths[depth - 1] ?? '') : '') + segment;
    paths[depth] = path;
    for (const method of methods.split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

function uncovered(routes: readonly string[]): string[] {
  return routes.filter(
    (route) => !ATTACK_SURFACES.some((surface) => surface.routes.some((pattern) => pattern.test(route))),
  );
}

describe('the security audit covers every surface', () => {
  it('reads the automation service routes it checks', () => {
    expect(automationRoutes).toContain('POST /api/automation/hooks/:id');
    expect(automationRoutes).toContain('GET /api/automation/automations/:id/runs');
  });

  it('every runtime route belongs to an audited surface', () => {
    const routes = routeTable(runtime.app)
      .filter((route) => !route.url.startsWith('/openapi') && !route.url.startsWith('/docs'))
      .map((route) => `${route.method} ${route.url}`);
    expect(routes.length).toBeGreaterThan(40);
    expect(
      uncovered(routes),
      'add each new route to a surface in test/security/attack-surfaces.ts, with its attack test',
    ).toEqual([]);
  });

  it('every automation service route belongs to an audited surface', () => {
    expect(
      uncovered(automationRoutes),
      'add each new route to a surface in test/security/attack-surfaces.ts',
    ).toEqual([]);
  });

  it.each(ATTACK_SURFACES.map((surface) => [surface.name, surface] as const))(
    '%s: has attack tests, each still present under its title',
    (_name, surface) => {
      expect(surface.attacks.length).toBeGreaterThan(0);
      for (const attack of surface.attacks) {
        const path = join(REPO, attack.file);
        expect(existsSync(path), `${attack.file} exists`).toBe(true);
        const source = readFileSync(path, 'utf8');
        const quoted = ["'", '"', '`'].some((quote) =>
          source.includes(`${quote}${attack.title.replaceAll(quote, `\\${quote}`)}${quote}`),
        );
        expect(quoted, `${attack.file} has a test titled ${JSON.stringify(attack.title)}`).toBe(true);
      }
    },
  );
});
