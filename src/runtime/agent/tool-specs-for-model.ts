import type { ToolSpec } from '../events';
import type { Tool } from '../tools/tool';

const SECURITY_RISK_PARAMETER = {
  type: 'string',
  enum: ['LOW', 'MEDIUM', 'HIGH'],
  description:
    'Your own rating of the risk of this call: LOW (read-only or easily undone), MEDIUM (changes files in the workspace, network access), HIGH (destructive, outside the workspace, secrets).',
};

const SUMMARY_PARAMETER = {
  type: 'string',
  description: 'A few words saying what this call does, shown to the person.',
};

/** Each tool's spec as offered, made once per spec: every step offers the same tools. */
const offered = new WeakMap<ToolSpec, ToolSpec>();

/**
 * The tool specs offered to the model: every non-read-only tool also gets optional security_risk and
 * summary. The same spec gives the same object each step; callers must not change it.
 */
export function toolSpecsForModel(tools: readonly Tool[]): ToolSpec[] {
  return tools.map((tool) => {
    if (tool.readOnly) return tool.spec;
    let spec = offered.get(tool.spec);
    if (!spec) {
      spec = withRiskArguments(tool.spec);
      offered.set(tool.spec, spec);
    }
    return spec;
  });
}

function withRiskArguments(spec: ToolSpec): ToolSpec {
  const parameters = spec.parameters;
  const properties = isRecord(parameters.properties) ? parameters.properties : {};
  return {
    ...spec,
    parameters: {
      ...parameters,
      type: 'object',
      properties: { ...properties, security_risk: SECURITY_RISK_PARAMETER, summary: SUMMARY_PARAMETER },
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
