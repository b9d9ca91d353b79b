import { activeBranch, extendActiveBranch } from '../../event-facts';
import { type ConversationViewState, currentLeaf } from './conversation-view-state';

/**
 * `next` with its `branch` and `branchPoints` brought up to date after a fold from `previous`. The
 * same arrays when neither the events nor the leaf changed; O(k) when k new events continue the leaf
 * (the steady state of a running agent); otherwise one O(n) walk of the held events.
 */
export function withActiveBranch(
  previous: ConversationViewState,
  next: ConversationViewState,
): ConversationViewState {
  const leaf = currentLeaf(next);
  const previousLeaf = currentLeaf(previous);
  if (next.events === previous.events && leaf === previousLeaf) {
    return next.branch === previous.branch
      ? next
      : { ...next, branch: previous.branch, branchPoints: previous.branchPoints };
  }
  const held = previous.events.length;
  const appendedOnly =
    held > 0 &&
    next.events.length > held &&
    next.events[0] === previous.events[0] &&
    next.events[held - 1] === previous.events[held - 1];
  const extended = appendedOnly
    ? extendActiveBranch(previous, previousLeaf, next.events.slice(held), leaf)
    : undefined;
  return { ...next, ...(extended ?? activeBranch(next.events, leaf)) };
}
