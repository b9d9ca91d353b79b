import { z } from 'zod';
import { ConversationParamsSchema, ErrorResponseSchema } from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';

const SkillSchema = z.strictObject({
  name: z.string(),
  description: z.string(),
  /** Keywords that load it into a person's message by themselves (knowledge skills). */
  triggers: z.array(z.string()),
  /** `workspace`: a file of the repository (untrusted); `user`: the person's `<data-dir>/skills`. */
  source: z.enum(['workspace', 'user']),
  /** Where it was found, relative to its root. */
  location: z.string(),
});

/** The skills a conversation can use, for the UI's list; the instructions themselves are left out. */
export function registerSkillRoutes(app: ZodApp, context: ServerContext): void {
  app.get(
    '/api/conversations/:id/skills',
    {
      schema: {
        operationId: 'listConversationSkills',
        tags: ['conversations'],
        description:
          "The skills this conversation's agent can load with invoke_skill (SKILL.md files in the workspace's `.agents/skills` and `.openhands/skills`, and in `<data-dir>/skills`), read now. Links out of those folders are not followed.",
        params: ConversationParamsSchema,
        response: { 200: z.strictObject({ items: z.array(SkillSchema) }), 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const skills = await context.service().skills(request.params.id);
      return {
        items: skills.map(({ name, description, triggers, source, location }) => ({
          name,
          description,
          triggers,
          source,
          location,
        })),
      };
    },
  );
}
