/**
 * `GET /api/automation/v1/capabilities` in upstream's shape: what the Canvas's setup forms may offer
 * here. Schedules (any IANA zone) and prompts dispatched as conversations; no event triggers, no
 * webhooks from code hosts, no tarballs, plugins, MCP tools or repository clones, so the Canvas marks
 * the templates that need them as unavailable instead of failing on create.
 */
export function v1Capabilities(): Record<string, unknown> {
  return {
    ready: true,
    triggerKinds: ['cron'],
    eventSources: [],
    eventTypes: [],
    triggers: { cron: { minIntervalSeconds: 60, timezones: timezones() } },
    features: ['conversationDispatch', 'presetPrompt'],
  };
}

function timezones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
