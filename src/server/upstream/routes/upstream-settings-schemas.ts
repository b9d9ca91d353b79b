/**
 * upstream's settings schemas (`GET /api/settings/agent-schema`, `/conversation-schema`) for exactly
 * the settings this runtime honours: the model (LiteLLM naming, as agent_settings_diff.llm takes it)
 * and confirmation. A front end draws its settings form from them, so a field listed here is one
 * that changes what the runtime does.
 */
export function settingsSchemas() {
  return {
    agent: {
      model_name: 'AgentSettings',
      sections: [
        section('llm', 'LLM', [
          field(
            'llm.model',
            'Model',
            'The model, as provider/model (openai/…, anthropic/…) or any name with a base URL.',
            'llm',
            'LLM',
            'string',
            { prominence: 'critical', required: true },
          ),
          field(
            'llm.api_key',
            'API Key',
            "The key for the model's server; write-only.",
            'llm',
            'LLM',
            'string',
            { prominence: 'critical', secret: true },
          ),
          field(
            'llm.base_url',
            'Base URL',
            "An OpenAI-compatible server to call instead of the provider's own.",
            'llm',
            'LLM',
            'string',
            { prominence: 'major' },
          ),
        ]),
      ],
    },
    conversation: {
      model_name: 'ConversationSettings',
      sections: [
        section('verification', 'Verification', [
          field(
            'confirmation_mode',
            'Confirmation mode',
            'Pause for confirmation before the agent performs high-risk actions.',
            'verification',
            'Verification',
            'boolean',
            { defaultValue: true, prominence: 'major', required: true },
          ),
        ]),
      ],
    },
  };
}

function section(key: string, label: string, fields: unknown[]) {
  return { key, label, fields };
}

function field(
  key: string,
  label: string,
  description: string,
  sectionKey: string,
  sectionLabel: string,
  valueType: 'string' | 'boolean',
  options: { defaultValue?: unknown; prominence: 'critical' | 'major'; secret?: boolean; required?: boolean },
) {
  return {
    key,
    label,
    description,
    section: sectionKey,
    section_label: sectionLabel,
    value_type: valueType,
    default: options.defaultValue ?? null,
    choices: [],
    depends_on: [],
    prominence: options.prominence,
    secret: options.secret ?? false,
    required: options.required ?? false,
  };
}
