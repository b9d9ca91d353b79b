import type { DocumentDescription } from '../openapi/record-openapi-routes';
import { automationComponents } from './automation-api-components';

const DESCRIPTION = `The automation service behind the ingress's \`/api/automation\` (CONTRACT §3b): automations
(schedule, webhook, run now), their run history, the schedule preview, the webhooks (their own token
instead of the session key) and upstream's openhands-automation v1 routes under \`/api/automation/v1\`
(CONTRACT §8; their answers are upstream's shapes and are not modelled here). Every other route needs
the session key, in \`X-Session-API-Key\` or the session cookie.`;

/** What the automation service's OpenAPI document says of itself. */
export function automationDocumentDescription(version: string): DocumentDescription {
  return {
    title: 'Agent Workbench automation service',
    version,
    description: DESCRIPTION,
    securitySchemes: { sessionKey: { type: 'apiKey', in: 'header', name: 'X-Session-API-Key' } },
    components: automationComponents,
  };
}
