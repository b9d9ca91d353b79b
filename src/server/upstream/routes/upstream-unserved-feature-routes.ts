import { z } from 'zod';
import type { ZodApp } from '../../http/server-context';

const Anything = z.record(z.string(), z.unknown());

/** Upstream's SkillsRequest, field for field: where to look for skills. Checked, then read for nothing. */
const SkillsRequestSchema = z.strictObject({
  load_public: z.boolean().optional(),
  load_user: z.boolean().optional(),
  load_project: z.boolean().optional(),
  load_org: z.boolean().optional(),
  marketplace_path: z.string().max(4096).nullish(),
  project_dir: z.string().max(4096).nullish(),
  org_config: z.record(z.string(), z.unknown()).nullish(),
  sandbox_config: z.record(z.string(), z.unknown()).nullish(),
});

/**
 * Features of upstream's agent server this runtime does not serve, answered as upstream answers an
 * install that has none of them, so an upstream front end (the Agent Canvas) shows an empty page
 * instead of an error: no LiteLLM catalogue of providers and models, no plugins, no canvas extensions,
 * no skills service. Writes to these features stay 404, which is how the Canvas tells a backend without
 * them ("does not support … yet"). Nothing here reads or changes state.
 */
export function registerUpstreamUnservedFeatureRoutes(app: ZodApp): void {
  const answer = (method: 'get' | 'post', url: string, operationId: string, body: Record<string, unknown>) =>
    app[method](
      url,
      {
        schema: {
          operationId,
          tags: ['upstream'],
          ...(method === 'post' ? { body: SkillsRequestSchema.optional() } : {}),
          response: { 200: Anything },
        },
      },
      async () => structuredClone(body),
    );
  answer('get', '/api/llm/providers', 'listUpstreamLLMProviders', { providers: [] });
  answer('get', '/api/llm/models', 'listUpstreamLLMModels', { models: [] });
  answer('get', '/api/plugins/installed', 'listUpstreamInstalledPlugins', { plugins: [] });
  answer('get', '/api/canvas-extensions/installed', 'listUpstreamCanvasExtensions', {
    canvas_extensions: [],
  });
  // The Canvas posts where to look for skills ({load_user, load_project, project_dir, …}); none are loaded.
  answer('post', '/api/skills', 'loadUpstreamSkills', { skills: [], sources: {} });
}
