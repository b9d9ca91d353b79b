/** Upstream's tag keys: 1 to 50 lowercase letters or digits (the create and PATCH bodies check the same). */
const UPSTREAM_KEY = /^[a-z0-9]{1,50}$/;

/**
 * Our `key:value` tags as upstream's key-value object, the `tags` of every ConversationInfo answer. A bare
 * tag (`automation`) is a key with an empty value unless a `key:value` tag names that key; a tag whose
 * key upstream could not hold (upper case, punctuation) is left out. Pure.
 */
export function toUpstreamTags(tags: readonly string[]): Record<string, string> {
  const object: Record<string, string> = {};
  const bare: string[] = [];
  for (const tag of tags) {
    const colon = tag.indexOf(':');
    if (colon < 0) {
      bare.push(tag);
      continue;
    }
    const key = tag.slice(0, colon);
    if (UPSTREAM_KEY.test(key)) object[key] = tag.slice(colon + 1);
  }
  for (const key of bare) if (UPSTREAM_KEY.test(key) && !Object.hasOwn(object, key)) object[key] = '';
  return object;
}
