import type { ImportEdge } from './import-graph';
import type { HouseRuleViolation } from './house-rule-violation';
import { isTestCode, LAYER_TABLE, type LayerAllowance } from './layer-table';

/** The top-level folder of src/ a path is in (`src/runtime`), or undefined outside src/. */
export function layerOf(path: string): string | undefined {
  const match = /^src\/([^/]+)\//.exec(path);
  return match ? `src/${match[1]}` : undefined;
}

function covers(entry: string, path: string): boolean {
  return path === entry || path.startsWith(`${entry}/`);
}

/**
 * Imports from a top-level folder of src/ into one its row of the table does not name. Imports
 * inside one folder and imports from outside src/ (scripts, tests, e2e) are not its business.
 */
export function findUpwardImports(
  edges: ImportEdge[],
  table: Record<string, LayerAllowance> = LAYER_TABLE,
): HouseRuleViolation[] {
  return edges.flatMap((edge) => {
    const from = layerOf(edge.from);
    if (!from || covers(from, edge.to)) return [];
    const allowance = table[from];
    const allowed = [...(allowance?.code ?? []), ...(isTestCode(edge.from) ? (allowance?.tests ?? []) : [])];
    if (allowed.some((entry) => covers(entry, edge.to))) return [];
    const may = allowed.length > 0 ? allowed.join(', ') : 'nothing outside itself';
    return [
      {
        rule: 'upward-import' as const,
        paths: [edge.from],
        message: `upward import: ${edge.from}:${edge.line} imports '${edge.specifier}' (${edge.to}); ${from} may import only ${may} (docs/ARCHITECTURE.md)`,
      },
    ];
  });
}
