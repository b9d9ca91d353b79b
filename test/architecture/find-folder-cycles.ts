import { findCircles, shortestLoop } from './find-cycles';
import type { ImportEdge } from './import-graph';
import type { HouseRuleViolation } from './house-rule-violation';
import { isTestCode } from './layer-table';

/** The folders whose sub-folders must import each other in one direction only. */
export const LAYERED_FOLDERS = ['src/runtime', 'src/ui'];

/** The sub-folder of a layered folder a path is in (`src/runtime/tools`), or undefined. */
export function roomOf(path: string, layered: string[] = LAYERED_FOLDERS): string | undefined {
  for (const parent of layered) {
    const match = new RegExp(`^${parent}/([^/]+)/`).exec(path);
    if (match) return `${parent}/${match[1]}`;
  }
  return undefined;
}

function importLines(edges: ImportEdge[], shown = 3): string {
  const lines = edges.slice(0, shown).map((edge) => `${edge.from}:${edge.line} '${edge.specifier}'`);
  return edges.length > shown ? `${lines.join(', ')} and ${edges.length - shown} more` : lines.join(', ');
}

/**
 * Sibling folders inside src/runtime and src/ui that import each other, directly (A imports B, B
 * imports A) or round a longer loop: one direction of each is an upward import. Production code
 * only: a test may borrow a sibling's test helper without the folders depending on each other.
 */
export function findFolderCycles(
  edges: ImportEdge[],
  layered: string[] = LAYERED_FOLDERS,
): HouseRuleViolation[] {
  const between = new Map<string, ImportEdge[]>();
  for (const edge of edges) {
    if (isTestCode(edge.from)) continue;
    const from = roomOf(edge.from, layered);
    const to = roomOf(edge.to, layered);
    if (!from || !to || from === to) continue;
    const key = `${from}\n${to}`;
    between.set(key, [...(between.get(key) ?? []), edge]);
  }
  const targets = new Map<string, string[]>();
  for (const key of between.keys()) {
    const [from, to] = key.split('\n') as [string, string];
    targets.set(from, [...(targets.get(from) ?? []), to]);
  }
  const mutual = (from: string, to: string): boolean => between.has(`${to}\n${from}`);
  const violations: HouseRuleViolation[] = [];
  for (const [from, tos] of [...targets].sort(([left], [right]) => left.localeCompare(right))) {
    for (const to of [...tos].sort()) {
      if (from >= to || !mutual(from, to)) continue;
      violations.push({
        rule: 'folder-cycle',
        paths: [from, to],
        message: `upward import between sibling folders ${from} <-> ${to}: ${importLines(between.get(`${from}\n${to}`) ?? [])} against ${importLines(between.get(`${to}\n${from}`) ?? [])}; one direction must go`,
      });
    }
  }
  // Loops of three or more folders, once the pairs above are set aside.
  const next = (folder: string): string[] => (targets.get(folder) ?? []).filter((to) => !mutual(folder, to));
  for (const members of findCircles(targets.keys(), next)) {
    const loop = shortestLoop(members[0] as string, new Set(members), next);
    const hops = loop.map((folder, position) => {
      const to = loop[(position + 1) % loop.length] as string;
      return `${folder} -> ${to} (${importLines(between.get(`${folder}\n${to}`) ?? [], 1)})`;
    });
    violations.push({
      rule: 'folder-cycle',
      paths: members,
      message: `upward import round sibling folders: ${hops.join(', ')}; one of these must go`,
    });
  }
  return violations;
}
