/** An SSE event: OpenAI sends bare `data:` lines, Anthropic names each event. */
export interface StreamEvent {
  event?: string;
  data: unknown;
}
