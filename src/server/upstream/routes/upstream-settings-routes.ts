import { z } from 'zod';
import type { ZodApp } from '../../http/server-context';
import { settingsSchemas } from './upstream-settings-schemas';

const Anything = z.record(z.string(), z.unknown());
const AnyList = z.array(z.unknown());

/**
 * The upstream settings-side routes an upstream front end (the Agent Canvas) reads before it lets a
 * person start a conversation, in upstream's shapes: the schemas of the settings we honour and empty
 * lists for what this runtime does not keep (provider connections). Profiles are upstream-profile-routes.ts
 * and upstream-agent-profile-routes.ts, saved secrets upstream-secrets-routes.ts, saved workspaces
 * upstream-workspaces-routes.ts. CONTRACT §8 says which is which.
 */
export function registerUpstreamSettingsRoutes(app: ZodApp): void {
  const get = (url: string, operationId: string, answer: () => Record<string, unknown> | unknown[]) =>
    app.get(
      url,
      { schema: { operationId, tags: ['upstream'], response: { 200: Anything.or(AnyList) } } },
      async () => answer(),
    );
  get('/api/settings/agent-schema', 'getUpstreamAgentSettingsSchema', () => settingsSchemas().agent);
  get(
    '/api/settings/conversation-schema',
    'getUpstreamConversationSettingsSchema',
    () => settingsSchemas().conversation,
  );
  get('/api/llm/provider-connections', 'listUpstreamProviderConnections', () => []);
}
