import { z } from 'zod';
import type { Content } from '../../../runtime/events';
import { frameIssueDetail } from '../../socket/frame-issue-detail';
import { parseJsonFrame } from '../../socket/parse-json-frame';

const ignored = z.unknown().optional();

/** Upstream's TextContent; `cache_prompt` (a prompt-caching hint) is accepted and dropped. */
const UpstreamTextContentSchema = z.strictObject({
  type: z.literal('text').optional(),
  text: z.string(),
  cache_prompt: z.boolean().optional(),
  enable_truncation: ignored,
});

const UpstreamImageContentSchema = z.strictObject({
  type: z.literal('image'),
  image_urls: z.array(z.string()),
  cache_prompt: z.boolean().optional(),
});

/**
 * Upstream's Message as a client sends it over the event socket. Only `role: "user"` is taken (the
 * socket's job is the user's turn); content may be a string (one text block) as upstream allows. The
 * other fields of upstream's Message are accepted and have no effect on a user message. `run` (the
 * Agent Canvas sends `{...message, run: true}`) says whether the agent takes its turn: absent, it
 * does, as upstream's socket always runs.
 */
export const UpstreamMessageSchema = z.strictObject({
  role: z.literal('user'),
  content: z.union([z.string(), z.array(z.union([UpstreamTextContentSchema, UpstreamImageContentSchema]))]),
  tool_calls: ignored,
  tool_call_id: ignored,
  name: ignored,
  reasoning_content: ignored,
  thinking_blocks: ignored,
  responses_reasoning_item: ignored,
  cache_enabled: ignored,
  vision_enabled: ignored,
  function_calling_enabled: ignored,
  force_string_serializer: ignored,
  send_reasoning_content: ignored,
  run: z.boolean().optional(),
});

export type UpstreamClientFrame =
  | { kind: 'auth'; sessionApiKey: unknown }
  | { kind: 'message'; content: Content[]; run: boolean }
  | { kind: 'invalid'; detail: string };

/**
 * One client frame of the upstream event socket: an auth control frame (`{"type":"auth",
 * "session_api_key"}`, nothing else, as upstream matches it), a user Message, or invalid with a
 * detail naming what is wrong (field path and zod's words, never the value).
 */
export function readUpstreamClientFrame(data: unknown, isBinary: boolean): UpstreamClientFrame {
  const frame = parseJsonFrame(data, isBinary);
  if (!frame.ok) return { kind: 'invalid', detail: frame.detail };
  const json = frame.json;
  if (isAuthFrame(json)) return { kind: 'auth', sessionApiKey: json.session_api_key };
  const parsed = UpstreamMessageSchema.safeParse(json);
  if (!parsed.success) return { kind: 'invalid', detail: frameIssueDetail(parsed.error, 'a user Message') };
  const content = toContent(parsed.data.content);
  if (content.length === 0) return { kind: 'invalid', detail: 'content: a message needs at least one block' };
  return { kind: 'message', content, run: parsed.data.run ?? true };
}

function isAuthFrame(json: unknown): json is { type: 'auth'; session_api_key?: unknown } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const record = json as Record<string, unknown>;
  return (
    record.type === 'auth' && Object.keys(record).every((key) => key === 'type' || key === 'session_api_key')
  );
}

function toContent(content: z.infer<typeof UpstreamMessageSchema>['content']): Content[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return content.map((block) =>
    block.type === 'image'
      ? { type: 'image', image_urls: block.image_urls }
      : { type: 'text', text: block.text },
  );
}
