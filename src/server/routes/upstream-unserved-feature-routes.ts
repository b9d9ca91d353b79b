import { z } from 'zod';
import type { ZodApp } from '../server-context';

const Anything = z.record(z.string(), z.unknown());

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
          ...(method === 'post' ? { body: Anything.optional() } : {}),
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
