import { describe, expect, it } from 'vitest';
import { toUpstreamTags } from './upstream-tags';

describe('toUpstreamTags', () => {
  it('maps key:value tags to an object, bare tags to empty values, and leaves out keys upstream cannot hold', () => {
    expect(
      toUpstreamTags(['automation', 'automation:abc', 'team:qa:x', 'Team:qa', 'a-b:c', 'constructor', '']),
    ).toEqual({ automation: 'abc', team: 'qa:x', constructor: '' });
    expect(toUpstreamTags([])).toEqual({});
  });
});
