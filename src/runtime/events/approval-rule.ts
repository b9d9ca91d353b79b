import { z } from 'zod';

/**
 * What an approval rule looks at in an action. `command_prefix` matches a terminal command that is one
 * simple command whose words start with the prefix's words; `path_glob` matches a file editor path
 * (`**` any depth, `*` within a segment, `?` one character; relative globs start at the workspace);
 * `any` matches every action of the rule's tool.
 */
export const RuleMatcherSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('command_prefix'), prefix: z.string().trim().min(1).max(500) }),
  z.strictObject({ kind: z.literal('path_glob'), glob: z.string().trim().min(1).max(500) }),
  z.strictObject({ kind: z.literal('any') }),
]);

/** `allow` runs without asking, `ask` always asks, `deny` rejects with the rule named. */
export const RuleEffectSchema = z.enum(['allow', 'ask', 'deny']);

const ruleFields = {
  /** A tool name offered to the model, e.g. `terminal` or `file_editor`. */
  tool: z.string().min(1).max(100),
  matcher: RuleMatcherSchema,
  effect: RuleEffectSchema,
  /** An `allow` rule never auto-allows a HIGH-risk action unless this is true. */
  allow_high_risk: z.boolean().default(false),
};

/**
 * A rule that decides whether an action needs the person's approval. Rules only decide asking: they
 * never widen the sandbox. Conversation rules come before global ones; within a set deny beats ask
 * beats allow.
 */
export const ApprovalRuleSchema = z.strictObject({
  id: z.guid(),
  ...ruleFields,
  /** UTC, ISO 8601 with Z. */
  created_at: z.iso.datetime(),
});

/** A rule as a client sends it in a PATCH list: the server fills a missing `id` and `created_at`. */
export const ApprovalRuleInputSchema = z.strictObject({
  id: z.guid().optional(),
  ...ruleFields,
  created_at: z.iso.datetime().optional(),
});

/** Enough for 500-rule setups with room to spare; evaluation stays well under a millisecond. */
export const MAX_APPROVAL_RULES = 1000;

export const ApprovalRuleListInputSchema = z.array(ApprovalRuleInputSchema).max(MAX_APPROVAL_RULES);

export type RuleMatcher = z.infer<typeof RuleMatcherSchema>;
export type RuleEffect = z.infer<typeof RuleEffectSchema>;
export type ApprovalRule = z.infer<typeof ApprovalRuleSchema>;
export type ApprovalRuleInput = z.input<typeof ApprovalRuleInputSchema>;
