import { describe, expect, it } from 'vitest';
import { namesUsedByTest } from './names-used-by-test';

const SUITE = `
// conversation.condense() is mentioned here only
async function create() {
  return manager.createConversation({});
}
const helper = async (conversation) => conversation.pause();
function unused() {
  return client.deleteConversation('x');
}
describe('suite', () => {
  it('one', async () => {
    const conversation = await create();
    await helper(conversation);
    // conversation.fork() in a comment
    expect('conversation.navigateTo()').toBeTruthy();
    expect(conversation.id).toBeTruthy();
    await client.files.download();
  });
  it('two', async () => {
    await conversation.switchLlm();
  });
});
`;

describe('namesUsedByTest', () => {
  it('counts the calls and members a test body uses, through the helpers it calls', () => {
    const names = namesUsedByTest(SUITE, 'one');
    for (const name of [
      'create',
      'createConversation',
      'helper',
      'pause',
      'id',
      'files.download',
      'conversation.id',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('does not count comments, strings, other tests or helpers the test never calls', () => {
    const names = namesUsedByTest(SUITE, 'one');
    for (const name of ['condense', 'fork', 'navigateTo', 'switchLlm', 'deleteConversation']) {
      expect(names).not.toContain(name);
    }
  });

  it('is undefined for a title no test has', () => {
    expect(namesUsedByTest(SUITE, 'three')).toBeUndefined();
  });
});
