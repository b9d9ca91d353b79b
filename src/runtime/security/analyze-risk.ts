import { analyzePatterns } from './analyze-patterns';
import { mcpToolRisk } from './mcp-tool-risk';
import { higherRisk } from './risk-order';
import type { AnalyzeRisk, RiskAssessment, RiskInput } from './security-analyzer';

/**
 * LLMSecurityAnalyzer: the model's own security_risk (UNKNOWN when it gave none).
 * PatternSecurityAnalyzer: the deterministic rules. EnsembleSecurityAnalyzer: the higher of both,
 * with the reasons of both; it is UNKNOWN only if both are. An MCP tool: see mcpToolRisk.
 */
export const analyzeRisk: AnalyzeRisk = (analyzer, input) => {
  // An MCP tool is opaque to the patterns: its server's declaration stands in for them.
  if (input.action.kind === 'MCPToolAction') return mcpToolRisk(analyzer, input.action, input.modelRisk);
  // Nothing of a client tool runs here: the front end that declared it acts, so only the model's rating says anything.
  if (input.action.kind === 'ClientToolAction') return clientToolAssessment(input);
  switch (analyzer.kind) {
    case 'LLMSecurityAnalyzer':
      return modelAssessment(input);
    case 'PatternSecurityAnalyzer':
      return analyzePatterns(input.action, input.workspaceDir);
    case 'EnsembleSecurityAnalyzer': {
      const model = modelAssessment(input);
      const pattern = analyzePatterns(input.action, input.workspaceDir);
      return { risk: higherRisk(model.risk, pattern.risk), reasons: [...model.reasons, ...pattern.reasons] };
    }
  }
};

function clientToolAssessment(input: RiskInput): RiskAssessment {
  const risk = input.modelRisk ?? 'UNKNOWN';
  return {
    risk,
    reasons: [`client tool: run by the front end that declared it; the model rated it ${risk}`],
  };
}

function modelAssessment(input: RiskInput): RiskAssessment {
  const risk = input.modelRisk ?? 'UNKNOWN';
  return {
    risk,
    reasons: [risk === 'UNKNOWN' ? 'model: gave no security_risk' : `model: rated the action ${risk}`],
  };
}
