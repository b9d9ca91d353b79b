import type { ActionEvent, Event } from '../events';

/** Knowledge skills already loaded into this branch: each is loaded once. */
export function activatedSkills(branch: readonly Event[]): Set<string> {
  const names = new Set<string>();
  for (const event of branch) {
    if (event.kind === 'MessageEvent') for (const name of event.activated_skills ?? []) names.add(name);
  }
  return names;
}

export function isUserMessage(event: Event): boolean {
  return event.kind === 'MessageEvent' && event.source === 'user';
}

/** The ids an answer names are exactly the pending actions' (no more, no fewer). */
export function sameIds(ids: readonly string[], pending: readonly ActionEvent[]): boolean {
  const expected = new Set(pending.map((action) => action.id));
  return ids.length === expected.size && ids.every((id) => expected.has(id));
}
