/** Whether a conversation's tags include every wanted one (no wanted tags: always). */
export function hasEveryTag(tags: readonly string[], wanted: readonly string[] | undefined): boolean {
  return wanted === undefined || wanted.every((tag) => tags.includes(tag));
}
