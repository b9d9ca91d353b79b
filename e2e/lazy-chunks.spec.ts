import { expect, test } from './fixtures/workbench';
import { expectStatus, startConversation } from './ui-support';

/**
 * The first download is the shell; the routed page, the Markdown renderer and the
 * highlighter come as chunks of their own, only when the page or a message needs them.
 */
// vite names a chunk `<name>-<8-character hash>.js`, and the hash may itself start with a '-'.
const chunkOf = (url: string) => /\/assets\/([\w-]+)-[\w-]{8}\.js$/.exec(new URL(url).pathname)?.[1];

test('pages, Markdown and highlighting load as chunks, only once something needs them', async ({
  page,
  workbench,
}) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const chunk = chunkOf(request.url());
    if (chunk) chunks.push(chunk);
  });

  workbench.mockLlm.setScript({
    turns: [
      { text: 'Plain words, nothing more.' },
      { text: 'Now **bold**:\n\n```ts\nconst answer = 42;\n```' },
    ],
  });
  await startConversation(page, workbench, 'Say something plain');
  await expectStatus(page, 'finished');
  await expect(page.getByTestId('message-agent')).toContainText('Plain words, nothing more.');
  // The home page and then the conversation page came as their own chunks, rendered by the router.
  expect(chunks).toContain('new-conversation-page');
  expect(chunks).toContain('conversation-page');
  // Plain prose on both sides: neither the Markdown renderer nor the highlighter was fetched.
  expect(chunks).not.toContain('markdown-renderer');
  expect(chunks).not.toContain('highlight-plugin');

  await page.getByLabel('Message').fill('And now with code');
  await page.getByLabel('Message').press('Enter');
  const reply = page.getByTestId('message-agent').last();
  await expect(reply.locator('strong')).toHaveText('bold');
  await expect(reply.locator('pre code .hljs-keyword').first()).toHaveText('const');
  expect(chunks).toContain('markdown-renderer');
  expect(chunks).toContain('highlight-plugin');
});
