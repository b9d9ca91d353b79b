import { pairAnswers } from '../../event-facts';
import { isToolAnswer, type LLMVisibleEvent } from './view-item';

/**
 * Removes what would make the model's input inconsistent: an action without its answer, an answer
 * without its action (or a second answer to one call), and any part of a batch (actions sharing an
 * `llm_response_id`) once one of its actions is gone, together with those actions' answers.
 * `batches` holds every action id each response ever produced, so a batch that a condensation cut in
 * half is recognised. Repeats until stable, since each removal can orphan something else.
 */
export function enforceViewIntegrity(
  entries: readonly LLMVisibleEvent[],
  batches: ReadonlyMap<string, readonly string[]>,
): LLMVisibleEvent[] {
  let kept = [...entries];
  for (;;) {
    const drop = idsToDrop(kept, batches);
    if (drop.size === 0) return kept;
    kept = kept.filter((entry) => !drop.has(entry.id));
  }
}

function idsToDrop(
  kept: readonly LLMVisibleEvent[],
  batches: ReadonlyMap<string, readonly string[]>,
): Set<string> {
  const { answerOf, actionOf } = pairAnswers(kept);
  const drop = new Set<string>();
  for (const entry of kept) {
    if (entry.kind === 'ActionEvent' && !answerOf.has(entry.id)) drop.add(entry.id);
    if (isToolAnswer(entry) && !actionOf.has(entry.id)) drop.add(entry.id);
  }
  const keptActionIds = new Set(
    kept.filter((entry) => entry.kind === 'ActionEvent').map((entry) => entry.id),
  );
  for (const entry of kept) {
    if (entry.kind !== 'ActionEvent' || drop.has(entry.id)) continue;
    const members = batches.get(entry.llm_response_id) ?? [entry.id];
    if (members.some((id) => !keptActionIds.has(id) || drop.has(id))) drop.add(entry.id);
  }
  return drop;
}
