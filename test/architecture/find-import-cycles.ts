import { findCircles, shortestLoop } from './find-cycles';
import type { ImportEdge } from './import-graph';
import type { HouseRuleViolation } from './house-rule-violation';

/** The edges leaving each file, grouped by target. */
export function edgesByFile(edges: ImportEdge[]): Map<string, Map<string, ImportEdge[]>> {
  const byFile = new Map<string, Map<string, ImportEdge[]>>();
  for (const edge of edges) {
    const targets = byFile.get(edge.from) ?? new Map<string, ImportEdge[]>();
    targets.set(edge.to, [...(targets.get(edge.to) ?? []), edge]);
    byFile.set(edge.from, targets);
  }
  return byFile;
}

function describeHop(edges: ImportEdge[]): string {
  const edge = edges.find((candidate) => !candidate.typeOnly) ?? (edges[0] as ImportEdge);
  return `${edge.from}:${edge.line} imports ${edge.typeOnly ? 'type ' : ''}'${edge.specifier}'`;
}

/**
 * Circles of imports among project files, `import type` included. A circle whose every import
 * carries only types is a "type-only circle": harmless at run time, still a knot to untie.
 */
export function findImportCycles(edges: ImportEdge[]): HouseRuleViolation[] {
  const byFile = edgesByFile(edges);
  const next = (file: string): string[] => [...(byFile.get(file)?.keys() ?? [])];
  return findCircles(byFile.keys(), next).map((members) => {
    const start = members[0] as string;
    const loop = shortestLoop(start, new Set(members), next);
    const hops = loop.map((file, position) => {
      const target = loop[(position + 1) % loop.length] as string;
      return byFile.get(file)?.get(target) ?? [];
    });
    const typeOnly = hops.every((hop) => hop.every((edge) => edge.typeOnly));
    const kind = typeOnly ? 'type-only circle' : 'import cycle';
    const others =
      members.length > loop.length ? ` (${members.length} files in all: ${members.join(', ')})` : '';
    return {
      rule: typeOnly ? ('type-only-circle' as const) : ('import-cycle' as const),
      paths: members,
      message: `${kind}: ${hops.map(describeHop).join(' -> ')} -> back to ${start}${others} (limit: no circle); move what both need into a module below them`,
    };
  });
}
