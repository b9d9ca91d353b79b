import type { MCPToolAction, SecurityAnalyzer, SecurityRisk } from '../events';
import { mcpAnnotationRisk } from './mcp-annotation-risk';
import { higherRisk } from './risk-order';
import type { RiskAssessment } from './security-analyzer';

/**
 * The risk of a call to an MCP tool: what its server declared (read-only LOW, destructive HIGH, else
 * UNKNOWN) and, unless the analyzer is the pattern one, the model's own rating, whichever is higher.
 * A tool not declared read-only is never LOW: the model cannot talk an unannotated tool down.
 */
export function mcpToolRisk(
  analyzer: SecurityAnalyzer,
  action: MCPToolAction,
  modelRisk: SecurityRisk | undefined,
): RiskAssessment {
  const declared = mcpAnnotationRisk(action.annotations);
  const reasons = [`mcp: the server ${declaredWords(action)} "${action.tool}"`];
  if (analyzer.kind === 'PatternSecurityAnalyzer' || modelRisk === undefined)
    return { risk: declared, reasons };
  reasons.push(`model: rated the action ${modelRisk}`);
  const combined = higherRisk(declared, modelRisk);
  return { risk: combined === 'LOW' && declared !== 'LOW' ? 'UNKNOWN' : combined, reasons };
}

function declaredWords(action: MCPToolAction): string {
  if (action.annotations?.read_only === true) return 'declares read-only';
  if (action.annotations?.destructive === true) return 'declares destructive';
  return 'declares nothing about';
}
