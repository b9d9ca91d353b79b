import { z } from 'zod';
import type { SecurityAnalyzer } from '../events';

/**
 * An upstream `SecurityAnalyzerBase` object (or ours: the kinds are the same names). Upstream sends
 * its class name as `kind`; its OpenAPI names also appear as
 * `openhands__sdk__security__…__ClassName-Input__1`, which is read as `ClassName`.
 */
export const UpstreamSecurityAnalyzerSchema = z.object({ kind: z.string().min(1).max(300) }).loose();

export type UpstreamSecurityAnalyzer = z.infer<typeof UpstreamSecurityAnalyzerSchema>;

export type SecurityAnalyzerMapping =
  | { ok: true; analyzer: SecurityAnalyzer }
  | { ok: false; reason: string };

const PATTERN_LISTS = [
  'high_patterns',
  'medium_patterns',
  'injection_high_patterns',
  'injection_medium_patterns',
];

/**
 * Our analyzer for an upstream one, or why none of ours does what it asks.
 * - `null` is upstream's "no analyzer": every risk UNKNOWN, the model's own rating ignored. We have no
 *   analyzer that rates everything UNKNOWN; the nearest is the pattern analyzer, which also ignores the
 *   model's rating. It differs where its rules rate a command LOW: under ConfirmRisky with
 *   confirm_unknown upstream would ask, we do not. The conversation shows the analyzer in force.
 * - LLMSecurityAnalyzer and PatternSecurityAnalyzer are ours (custom pattern lists are refused: our
 *   rules apply); PolicyRailSecurityAnalyzer (fetch-to-exec, raw disk, catastrophic delete) is covered
 *   by our pattern rules and maps to them.
 * - EnsembleSecurityAnalyzer maps by its children: the model's rating and/or the rules.
 * - GraySwan and ToolShield call outside services or a second model we do not run: refused.
 */
export function fromUpstreamSecurityAnalyzer(
  analyzer: UpstreamSecurityAnalyzer | null,
): SecurityAnalyzerMapping {
  if (analyzer === null) return { ok: true, analyzer: { kind: 'PatternSecurityAnalyzer' } };
  const parts = mapParts(analyzer);
  if (!parts.ok) return parts;
  if (parts.model && parts.rules) return { ok: true, analyzer: { kind: 'EnsembleSecurityAnalyzer' } };
  if (parts.model) return { ok: true, analyzer: { kind: 'LLMSecurityAnalyzer' } };
  return { ok: true, analyzer: { kind: 'PatternSecurityAnalyzer' } };
}

type Parts = { ok: true; model: boolean; rules: boolean } | { ok: false; reason: string };

function mapParts(analyzer: UpstreamSecurityAnalyzer, depth = 0): Parts {
  const kind = className(analyzer.kind);
  switch (kind) {
    case 'LLMSecurityAnalyzer':
      return { ok: true, model: true, rules: false };
    case 'PolicyRailSecurityAnalyzer':
      return { ok: true, model: false, rules: true };
    case 'PatternSecurityAnalyzer': {
      const custom = PATTERN_LISTS.filter((name) => nonEmptyArray(analyzer[name]));
      if (custom.length > 0)
        return {
          ok: false,
          reason: `custom pattern lists (${custom.join(', ')}) are not supported: this runtime applies its own rules; send {"kind":"PatternSecurityAnalyzer"} without them`,
        };
      return { ok: true, model: false, rules: true };
    }
    case 'EnsembleSecurityAnalyzer':
      return ensembleParts(analyzer, depth);
    default:
      return {
        ok: false,
        reason: `"${kind}" is not available here: this runtime offers LLMSecurityAnalyzer, PatternSecurityAnalyzer (also for PolicyRailSecurityAnalyzer) and EnsembleSecurityAnalyzer of those`,
      };
  }
}

function ensembleParts(analyzer: UpstreamSecurityAnalyzer, depth: number): Parts {
  if (analyzer.propagate_unknown === true)
    return {
      ok: false,
      reason: 'propagate_unknown is not supported: the ensemble here is UNKNOWN only when every part is',
    };
  const children = analyzer.analyzers;
  // Our own shape names no children: the model's rating and the rules.
  if (children === undefined) return { ok: true, model: true, rules: true };
  if (!Array.isArray(children) || depth > 3)
    return { ok: false, reason: 'analyzers must be a list of security analyzers' };
  let model = false;
  let rules = false;
  for (const child of children) {
    const parsed = UpstreamSecurityAnalyzerSchema.safeParse(child);
    if (!parsed.success) return { ok: false, reason: 'each of analyzers needs a kind' };
    const parts = mapParts(parsed.data, depth + 1);
    if (!parts.ok) return parts;
    model ||= parts.model;
    rules ||= parts.rules;
  }
  // An empty ensemble analyses nothing, like null: the rules stand in for it (see above).
  if (!model && !rules) return { ok: true, model: false, rules: true };
  return { ok: true, model, rules };
}

function className(kind: string): string {
  const generated = /__([A-Za-z0-9]+)-(?:Input|Output)__\d+$/.exec(kind);
  return generated?.[1] ?? kind;
}

function nonEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}
