import type { Request } from '@playwright/test';
import { expect, test } from './fixtures/workbench';
import { expectStatus, SCREENSHOTS, startConversation } from './ui-support';

/** A transcript is untrusted input: the agent's Markdown is rendered without raw HTML or silent fetches. */

const IMAGE_HOST = 'images.example.test';
// A 1×1 transparent PNG, served for the remote image once the person asks for it.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const REPLY = [
  'Raw HTML stays out: <img src=x onerror="window.__pwned = 1"> and <script>window.__pwned = 2</script>.',
  '',
  `![a remote chart](http://${IMAGE_HOST}/chart.png)`,
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
].join('\n');

test('agent Markdown: raw HTML shown as text, no remote image until clicked, code highlighted', async ({
  page,
  workbench,
}) => {
  const imageRequests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).host === IMAGE_HOST) imageRequests.push(request);
  });
  await page.route(`http://${IMAGE_HOST}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
  );
  workbench.mockLlm.setScript({ turns: [{ text: REPLY }] });
  await startConversation(page, workbench, 'Show me <img src=y onerror="window.__pwned = 3"> a chart');
  await expectStatus(page, 'finished');

  const agent = page.getByTestId('message-agent');
  await expect(agent).toContainText('Raw HTML stays out');
  // Neither message made an element out of the raw HTML, and nothing ran.
  await expect(page.locator('img[src="x"], img[src="y"], .markdown script, [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  // What was written stays readable: the markup shows as text instead of vanishing.
  await expect(agent).toContainText('<img src=x onerror="window.__pwned = 1">');
  await expect(agent).toContainText('<script>window.__pwned = 2</script>');
  await expect(page.getByTestId('message-user')).toContainText(
    'Show me <img src=y onerror="window.__pwned = 3"> a chart',
  );

  // The remote image is a button naming its host; nothing was fetched yet.
  const loadImage = agent.getByRole('button', { name: /Load image: a remote chart/ });
  await expect(loadImage).toContainText(`from ${IMAGE_HOST}`);
  await expect(agent.locator('img')).toHaveCount(0);
  expect(imageRequests).toHaveLength(0);

  // The fenced block is highlighted as TypeScript.
  const code = agent.locator('pre code');
  await expect(code).toHaveClass(/hljs/);
  await expect(code).toHaveClass(/language-ts/);
  await expect(code.locator('.hljs-keyword').first()).toHaveText('const');
  await expect(code.locator('.hljs-number')).toHaveText('42');
  await page.screenshot({ path: `${SCREENSHOTS}markdown-safety.png` });

  await loadImage.click();
  const image = agent.locator('img.markdown__image');
  await expect(image).toHaveAttribute('src', `http://${IMAGE_HOST}/chart.png`);
  await expect(image).toHaveAttribute('alt', 'a remote chart');
  await expect.poll(() => imageRequests.length).toBe(1);
  // Fetched without telling the remote host where it is embedded.
  expect(imageRequests[0]?.headers().referer).toBeUndefined();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);
});
