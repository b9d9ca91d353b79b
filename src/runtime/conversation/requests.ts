import { IMAGE_NAME_PATTERN } from '../sandbox/sandbox-kind';
import { z } from 'zod';
import {
  ClientToolSpecListSchema,
  ApprovalRuleListInputSchema,
  BudgetsPatchSchema,
  BudgetUsdSchema,
  DecisionScopeSchema,
  ConfirmationPolicySchema,
  ContentInputSchema,
  EventIdSchema,
  RuleMatcherSchema,
  SecurityAnalyzerSchema,
} from '../events';
import { MCPConfigSchema } from '../mcp/mcp-server-config';
import { HookConfigInputSchema } from '../events/hook-config';
import { LLMConfigInputSchema } from './llm-config-input';
import { contentImageProblems } from './message-image-rules';

/** Request bodies of the runtime's API (CONTRACT §3). The server validates with these; OpenAPI is made from them. */

export const SendMessageSchema = z.strictObject({
  role: z.literal('user'),
  /** Upstream's provider hints on content (`cache_prompt`) are accepted and dropped. */
  content: z
    .array(ContentInputSchema)
    .min(1)
    .superRefine((content, context) => {
      for (const problem of contentImageProblems(content)) context.addIssue({ code: 'custom', ...problem });
    }),
  run: z.boolean().default(false),
  client_message_id: z.string().min(1).max(200).optional(),
});

const OUR_TAG = z.string().min(1).max(50);
const MAX_TAGS = 20;

/**
 * Tags as we keep them (a list of strings), or as upstream sends them (an object of lowercase
 * alphanumeric keys to values up to 256 characters): each pair becomes the tag `key:value`.
 */
export const TagsInputSchema = z
  .union([
    z.array(OUR_TAG).max(MAX_TAGS),
    z
      .record(
        z.string().regex(/^[a-z0-9]{1,50}$/, 'A tag key is 1 to 50 lowercase letters or digits'),
        z.string().max(256),
      )
      .refine((tags) => Object.keys(tags).length <= MAX_TAGS, `At most ${MAX_TAGS} tags`),
  ])
  .transform((tags) =>
    Array.isArray(tags) ? tags : Object.entries(tags).map(([key, value]) => `${key}:${value}`),
  );

/**
 * A conversation secret: a plain value, the agent server's `StaticSecret` object, or its
 * `LookupSecret` pointing at one of the saved secrets (`/api/settings/secrets/NAME`, as the Agent
 * Canvas sends every saved secret): the saved one is used, nothing is fetched.
 */
export const SecretValueSchema = z.union([
  z.string().min(1).max(10_000),
  z.strictObject({
    kind: z.literal('StaticSecret'),
    value: z.string().min(1).max(10_000),
    description: z.string().max(1_000).nullish(),
  }),
  z.strictObject({
    kind: z.literal('LookupSecret'),
    url: z.string().max(2_000),
    // The front end's own credentials for the lookup: never needed, never kept.
    headers: z.record(z.string(), z.string()).optional(),
    description: z.string().max(1_000).nullish(),
  }),
]);

/** Named secrets (POST .../secrets, and `secrets` at creation). Names are environment variable names. */
export const SecretsInputSchema = z
  .record(
    z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/, 'A secret name is a letter or _ then letters, digits or _'),
    SecretValueSchema,
  )
  .refine((secrets) => Object.keys(secrets).length <= 100, 'At most 100 secrets per request')
  .superRefine((secrets, context) => {
    for (const [name, secret] of Object.entries(secrets)) {
      if (typeof secret === 'string' || secret.kind !== 'LookupSecret' || looksUpSaved(name, secret.url))
        continue;
      context.addIssue({
        code: 'custom',
        path: [name, 'url'],
        message: `A LookupSecret can only name this runtime's saved secret: /api/settings/secrets/${name}`,
      });
    }
  });

/** Only the saved secret of the same name: this runtime fetches no URL a request names. */
function looksUpSaved(name: string, url: string): boolean {
  try {
    return new URL(url, 'http://runtime.invalid').pathname === `/api/settings/secrets/${name}`;
  } catch {
    return false;
  }
}

/**
 * The values of named secrets, whatever shape each was sent in. A LookupSecret adds nothing: the
 * saved secret it names reaches every conversation already.
 */
export function secretValues(secrets: z.output<typeof SecretsInputSchema>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, secret] of Object.entries(secrets)) {
    if (typeof secret === 'string') values[name] = secret;
    else if (secret.kind === 'StaticSecret') values[name] = secret.value;
  }
  return values;
}

/**
 * Upstream's workspace: `{kind: "LocalWorkspace", working_dir}` (the SDK) or `{type: "local",
 * working_dir}` (the TypeScript client), or `{kind: "DockerWorkspace", working_dir}`: a folder on this
 * machine whose commands run in a container of its own, whatever the runtime's default sandbox
 * (upstream's image and port fields are the client's, not ours).
 */
const WorkspaceInputSchema = z
  .strictObject({
    working_dir: z.string().min(1).max(4096),
    kind: z.string().max(100).optional(),
    type: z.string().max(100).optional(),
  })
  .superRefine((workspace, context) => {
    const kind = workspace.kind ?? 'LocalWorkspace';
    const served =
      (kind === 'LocalWorkspace' || kind === 'DockerWorkspace') && (workspace.type ?? 'local') === 'local';
    if (!served)
      context.addIssue({
        code: 'custom',
        path: [kind !== 'LocalWorkspace' && kind !== 'DockerWorkspace' ? 'kind' : 'type'],
        message:
          'Only a workspace on this machine (kind "LocalWorkspace" or "DockerWorkspace", type "local") is served: this runtime runs commands in a sandbox here',
      });
  });

const ConversationSandboxInputSchema = z.strictObject({
  kind: z.enum(['bubblewrap', 'docker']),
  image: z.string().regex(IMAGE_NAME_PATTERN, 'an image name such as agent-workbench-sandbox:1').optional(),
});

/**
 * POST /api/conversations, our part of it: our own fields, plus the upstream fields that need no
 * mapping: `workspace.kind`/`type`, `hook_config`, `user_id` (single user: ignored), `secrets`, tags
 * as an object, `autotitle`, `worktree`, `client_tools`. Accepted and not honoured (CONTRACT §8):
 * `title_llm_profile`, `parent_conversation_id`, `tool_module_qualnames`. Upstream's way of naming
 * the agent (`agent`, the Agent Canvas's `agent_settings` and `agent_profile_id`) is the upstream
 * edge's (runtime/upstream/upstream-create-conversation.ts), which composes the route's body from
 * these fields and maps it to them.
 */
export const CreateConversationFields = {
  conversation_id: z.guid().nullish(),
  workspace: WorkspaceInputSchema.optional(),
  initial_message: SendMessageSchema.nullish(),
  confirmation_policy: ConfirmationPolicySchema.optional(),
  /** null (upstream: no analyzer) is read as absent: the settings' analyzer. */
  security_analyzer: SecurityAnalyzerSchema.nullish(),
  max_iterations: z.number().int().min(1).max(10_000).default(500),
  stuck_detection: z.boolean().default(true),
  /**
   * Budgets in USD (upstream's `max_budget_per_run`, and ours). Absent: the settings' default; null:
   * none. Reaching one pauses the run (a BudgetEvent); 0, negative or not a finite number: 422.
   */
  max_budget_per_run: BudgetUsdSchema.nullish(),
  max_budget_per_conversation: BudgetUsdSchema.nullish(),
  max_budget_per_automation_run: BudgetUsdSchema.nullish(),
  /** Off unless asked for: commands get no network at all. */
  network_access: z.boolean().optional(),
  title: z.string().min(1).max(200).optional(),
  tags: TagsInputSchema.optional(),
  llm: LLMConfigInputSchema.optional(),
  secrets: SecretsInputSchema.optional(),
  /** The conversation's own hooks (upstream's shape); they run after the global and the accepted workspace ones. */
  hook_config: HookConfigInputSchema.nullish(),
  user_id: z.string().max(500).nullish(),
  /**
   * The conversation's own MCP servers (upstream's `{mcpServers}`; upstream clients send it as
   * `agent.mcp_config`) and the global servers it leaves off. Memory only, like a model key.
   */
  mcp_config: MCPConfigSchema.nullish(),
  /** Tools the front end runs itself: offered to the model, each call handed to the client (CONTRACT §8). */
  client_tools: ClientToolSpecListSchema.optional(),
  /** false: the title is not taken from the first message (it stays until renamed). */
  autotitle: z.boolean().optional(),
  title_llm_profile: z.string().max(200).nullish(),
  /**
   * true: the conversation works in a git worktree of its own (branch `openhands/<id>`), deleted with
   * it; a folder the person named in no repository is refused (worktree_not_a_repository).
   */
  worktree: z.boolean().optional(),
  /**
   * Where its commands run (ours): `bubblewrap`, or `docker` with an optional image (default: the
   * runtime's). Absent: a DockerWorkspace's container, else the runtime's default sandbox.
   */
  sandbox: ConversationSandboxInputSchema.optional(),
  /** Upstream's Fernet-encrypted keys; this runtime has none to decrypt, so a key sent with it is refused. */
  secrets_encrypted: z.boolean().optional(),
  parent_conversation_id: z.guid().nullish(),
  tool_module_qualnames: z.record(z.string(), z.string()).nullish(),
};

/** What our fields must agree on among themselves (the sandbox asked for and the workspace's kind). */
export function checkCreateConversation(
  request: {
    sandbox?: z.output<typeof ConversationSandboxInputSchema> | undefined;
    workspace?: z.output<typeof WorkspaceInputSchema> | undefined;
  },
  context: z.RefinementCtx,
): void {
  if (request.sandbox?.image !== undefined && request.sandbox.kind !== 'docker')
    context.addIssue({
      code: 'custom',
      path: ['sandbox', 'image'],
      message: 'Only the docker sandbox runs an image',
    });
  if (request.sandbox?.kind === 'bubblewrap' && request.workspace?.kind === 'DockerWorkspace')
    context.addIssue({
      code: 'custom',
      path: ['sandbox', 'kind'],
      message: 'A DockerWorkspace runs in the docker sandbox: leave sandbox out, or ask for docker',
    });
}

export const CreateConversationSchema = z
  .strictObject(CreateConversationFields)
  .superRefine(checkCreateConversation);

export const UpdateConversationSchema = z.strictObject({
  title: z.string().trim().min(1).max(200).optional(),
  tags: TagsInputSchema.optional(),
  pinned: z.boolean().optional(),
  network_access: z.boolean().optional(),
  /** Replaces the conversation's approval rules; the server fills missing ids and creation times. */
  approval_rules: ApprovalRuleListInputSchema.optional(),
  /** Changes the conversation's budgets (USD): a number sets one, null removes it, absent keeps it. */
  budgets: BudgetsPatchSchema.optional(),
});

export const ForkSchema = z.strictObject({
  /** The new conversation's id (upstream); absent: a fresh one. Taken: 409 conversation_exists. */
  id: z.guid().nullish(),
  from_event_id: EventIdSchema.nullish(),
  title: z.string().min(1).max(200).nullish(),
  tags: TagsInputSchema.nullish(),
  reset_metrics: z.boolean().default(true),
  /**
   * `copy`: the fork gets its own folder with the files as they were at the fork point (a git worktree
   * of the workspace's repository overlaid with the checkpoint's files, or a plain copy); `shared`: it
   * works in the same folder. Default: `copy` when the source recorded a checkpoint, else `shared`.
   */
  files: z.enum(['copy', 'shared']).optional(),
});

/** `delete_files=true` also deletes the folder the conversation owns (a branch folder). */
export const DeleteConversationQuerySchema = z.object({
  delete_files: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
});

export const NavigateSchema = z.strictObject({ event_id: EventIdSchema.nullable() });

export const SetConfirmationPolicySchema = z.strictObject({ policy: ConfirmationPolicySchema });

/** One pending action's answer. `scope` conversation/always with accept also adds an allow rule. */
export const ActionDecisionSchema = z.strictObject({
  action_id: EventIdSchema,
  accept: z.boolean(),
  reason: z.string().max(10_000).optional(),
  scope: DecisionScopeSchema.optional(),
  /** The allow rule to add for scope conversation/always; absent: the action's suggested rule. */
  rule: z.strictObject({ matcher: RuleMatcherSchema, allow_high_risk: z.boolean().optional() }).optional(),
});

/**
 * `{accept, reason?, action_ids?}` answers every pending action alike (as upstream does);
 * `decisions` answers each one, and must then name exactly the pending actions.
 */
export const RespondToConfirmationSchema = z.strictObject({
  accept: z.boolean(),
  reason: z.string().max(10_000).optional(),
  action_ids: z.array(EventIdSchema).optional(),
  decisions: z.array(ActionDecisionSchema).max(1000).optional(),
});

export type SendMessage = z.infer<typeof SendMessageSchema>;
export type CreateConversation = z.infer<typeof CreateConversationSchema>;
export type UpdateConversation = z.infer<typeof UpdateConversationSchema>;
export type Fork = z.infer<typeof ForkSchema>;
export type DeleteConversationQuery = z.infer<typeof DeleteConversationQuerySchema>;
export type Navigate = z.infer<typeof NavigateSchema>;
export type ActionDecision = z.infer<typeof ActionDecisionSchema>;
export type RespondToConfirmation = z.infer<typeof RespondToConfirmationSchema>;

export { type LLMConfigInput, LLMConfigInputSchema } from './llm-config-input';
