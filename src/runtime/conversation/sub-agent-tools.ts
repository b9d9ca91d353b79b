/** A top-level conversation is depth 0; its sub-agents 1; theirs 2, which may not delegate further. */
export const MAX_SUB_AGENT_DEPTH = 2;

/** Offered to every conversation whatever it chose (see restrictToolset): never worth naming. */
const ALWAYS_OFFERED = new Set(['think', 'finish']);

export type SubAgentTools = { ok: true; tools: string[] } | { ok: false; error: string };

/**
 * The tools a sub-agent at `childDepth` gets: the ones the `task` call named, or all the parent's,
 * never one the parent is not offered, and `task` only above the depth cap. A name the parent lacks
 * is refused (naming it), so a model cannot widen its own tools by delegating. Pure.
 */
export function subAgentTools(
  parentOffered: readonly string[],
  requested: readonly string[] | undefined,
  childDepth: number,
): SubAgentTools {
  const mayDelegate = childDepth < MAX_SUB_AGENT_DEPTH;
  const own = parentOffered.filter((name) => !ALWAYS_OFFERED.has(name));
  if (requested === undefined)
    return { ok: true, tools: own.filter((name) => name !== 'task' || mayDelegate) };
  const wanted = [...new Set(requested)].filter((name) => !ALWAYS_OFFERED.has(name));
  const missing = wanted.filter((name) => !own.includes(name));
  if (missing.length > 0)
    return {
      ok: false,
      error: `A sub-agent gets only tools you have; you have no ${missing.map((name) => `"${name}"`).join(', ')}. Yours: ${own.join(', ')}.`,
    };
  if (wanted.includes('task') && !mayDelegate)
    return {
      ok: false,
      error: `A sub-agent at depth ${childDepth} cannot have the task tool: sub-agents nest at most ${MAX_SUB_AGENT_DEPTH} deep.`,
    };
  return { ok: true, tools: wanted };
}
