import { pairAnswers } from '../../event-facts';
import type { ViewItem } from './view-item';

/**
 * The indices where a view may be split into a head and a tail without separating a tool-call batch
 * (actions sharing an `llm_response_id`, and an agent message of that response) from its answers.
 * Always includes 0 and items.length. Ascending. An action with no answer holds its batch open to the end.
 */
export function cutPoints(items: readonly ViewItem[]): number[] {
  const { answerOf } = pairAnswers(items);
  const indexOf = new Map(items.map((item, index) => [item.id, index]));
  const spans = new Map<string, { start: number; end: number }>();
  const widen = (responseId: string, start: number, end: number) => {
    const span = spans.get(responseId);
    spans.set(
      responseId,
      span ? { start: Math.min(span.start, start), end: Math.max(span.end, end) } : { start, end },
    );
  };
  items.forEach((item, index) => {
    if (item.kind === 'ActionEvent') {
      const answer = answerOf.get(item.id);
      widen(item.llm_response_id, index, answer ? (indexOf.get(answer.id) ?? index) : items.length);
    }
  });
  items.forEach((item, index) => {
    if (
      item.kind === 'MessageEvent' &&
      item.llm_response_id !== undefined &&
      spans.has(item.llm_response_id)
    ) {
      widen(item.llm_response_id, index, index);
    }
  });
  const blocked = new Set<number>();
  for (const { start, end } of spans.values()) {
    for (let cut = start + 1; cut <= Math.min(end, items.length - 1); cut += 1) blocked.add(cut);
  }
  const points: number[] = [];
  for (let cut = 0; cut <= items.length; cut += 1) if (!blocked.has(cut)) points.push(cut);
  return points;
}
