import { z } from 'zod';
import { EmptyBodySchema } from '../api-schemas';
import type { ZodApp } from '../server-context';
import { settingsSchemas } from './upstream-settings-schemas';

const Anything = z.record(z.string(), z.unknown());
const AnyList = z.array(z.unknown());

/**
 * The upstream settings-side routes an upstream front end (the Agent Canvas) reads before it lets a
 * person start a conversation, in upstream's shapes: the schemas of the settings we honour and empty
 * lists for what this runtime does not keep (stored secrets, saved workspaces, provider connections).
 * Profiles are upstream-profile-routes.ts and upstream-agent-profile-routes.ts. CONTRACT §8 says which is which.
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
  get('/api/settings/secrets', 'listUpstreamSecrets', () => ({ secrets: [] }));
  get('/api/workspaces', 'listUpstreamWorkspaces', () => ({ workspaces: [], workspaceParents: [] }));
  get('/api/llm/provider-connections', 'listUpstreamProviderConnections', () => []);
  app.post(
    '/api/auth/workspace-session',
    {
      schema: {
        operationId: 'openUpstreamWorkspaceSession',
        body: EmptyBodySchema,
        tags: ['upstream'],
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    // No browsing session is kept: files come through /api/file/download with the session key.
    async () => ({ ok: true }),
  );
  app.delete(
    '/api/auth/workspace-session',
    { schema: { operationId: 'closeUpstreamWorkspaceSession', tags: ['upstream'] } },
    async (_request, reply) => reply.code(204).send(),
  );
}
