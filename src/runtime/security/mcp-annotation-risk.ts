import type { MCPToolAction, SecurityRisk } from '../events';

/**
 * The risk a server declared for its tool: read-only LOW, destructive HIGH, anything else UNKNOWN
 * (the MCP default for an unannotated tool is "may be destructive", so it is never LOW).
 */
export function mcpAnnotationRisk(annotations: MCPToolAction['annotations']): SecurityRisk {
  if (annotations?.read_only === true) return 'LOW';
  if (annotations?.destructive === true) return 'HIGH';
  return 'UNKNOWN';
}
