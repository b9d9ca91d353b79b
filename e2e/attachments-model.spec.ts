import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { RecordedRequest } from '../scripts/mock-llm/mock-llm-server';
import { expect, test } from './fixtures/workbench';
import { expectStatus, SCREENSHOTS, startConversation, terminal } from './ui-support';

/** Pastes one file into the message box, as the browser does for an image on the clipboard. */
async function pasteFile(
  page: Page,
  file: { name: string; type: string; kind: 'noise-png' | 'svg' },
  box = 'Message',
) {
  return page.getByLabel(box, { exact: true }).evaluate(async (box, spec) => {
    let blob: Blob;
    if (spec.kind === 'svg') {
      blob = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: spec.type });
    } else {
      // Noise does not compress: a 700 px square is about 1.5 MB, over the ingress's usual 1 MiB.
      const canvas = document.createElement('canvas');
      canvas.width = 700;
      canvas.height = 700;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      const pixels = context.createImageData(700, 700);
      for (let index = 0; index < pixels.data.length; index += 1)
        pixels.data[index] = index % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
      context.putImageData(pixels, 0, 0);
      blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made as Blob), spec.type));
    }
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], spec.name, { type: spec.type }));
    box.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
    return blob.size;
  }, file);
}

/** The chat requests the mock received, newest last. */
function chatRequests(requests: RecordedRequest[]) {
  return requests.filter((request) => request.path === '/v1/chat/completions');
}

interface ChatBody {
  model: string;
  messages: {
    role: string;
    content: string | { type: string; text?: string; image_url?: { url: string } }[];
  }[];
}

/** Images pasted and files attached in the composer reach the model and the workspace. */
test('a pasted image reaches the model, an attached file lands in the workspace, an SVG is refused', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  workbench.mockLlm.setScript({
    turns: [{ text: 'Ready when you are.' }, { text: 'I see a noisy picture and a small CSV.' }],
    fallback: { text: 'Done.' },
  });
  await startConversation(page, workbench, 'I will send you a picture');
  await expect(page.getByTestId('message-agent')).toHaveCount(1);

  const imageBytes = await pasteFile(page, { name: 'noise.png', type: 'image/png', kind: 'noise-png' });
  expect(imageBytes).toBeGreaterThan(1024 * 1024);
  await page.getByTestId('attach-input').setInputFiles({
    name: 'data.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('city,temp\nOslo,3\n'),
  });
  const chips = page.getByTestId('attachment-chip');
  await expect(chips).toHaveCount(2);
  await expect(chips.first()).toContainText('noise.png');
  await expect(chips.nth(1)).toContainText('data.csv');

  // An SVG is refused with its reason; the other attachments stay.
  await pasteFile(page, { name: 'logo.svg', type: 'image/svg+xml', kind: 'svg' });
  await expect(page.getByTestId('attachment-refusal')).toHaveText(
    'logo.svg is not sent: SVG images are not accepted. Use PNG, JPEG, GIF or WebP.',
  );
  await expect(chips).toHaveCount(2);
  await page.getByLabel('Message').fill('What is in these?');
  await page
    .locator('.conversation__dock')
    .screenshot({ path: `${SCREENSHOTS}composer-attachments-1400.png` });

  const before = chatRequests(workbench.mockLlm.requests()).length;
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByTestId('message-agent')).toHaveCount(2, { timeout: 30_000 });
  await expect(chips).toHaveCount(0);

  // The model got the picture inline, and the line saying where the file is.
  const sent = chatRequests(workbench.mockLlm.requests()).slice(before);
  const body = sent[0]?.body as ChatBody;
  const user = body.messages.filter((message) => message.role === 'user').at(-1);
  const parts = Array.isArray(user?.content) ? user.content : [];
  const image = parts.find((part) => part.type === 'image_url');
  expect(image?.image_url?.url).toMatch(/^data:image\/png;base64,/);
  expect(Buffer.from(image?.image_url?.url.split(',')[1] ?? '', 'base64').length).toBe(imageBytes);
  expect(parts.find((part) => part.type === 'text')?.text).toBe(
    'What is in these?\n\nAttached file (in the workspace): `attachments/data.csv`',
  );
  expect(await readFile(join(workbench.workspace, 'attachments', 'data.csv'), 'utf8')).toBe(
    'city,temp\nOslo,3\n',
  );

  // The transcript shows the image as a thumbnail that opens larger.
  const sentMessage = page.getByTestId('message-user').nth(1);
  await expect(sentMessage.getByTestId('message-image')).toHaveCount(1);
  await expect(page.getByTestId('reply-model').last()).toHaveText('mock-model');
  await page.screenshot({ path: `${SCREENSHOTS}attachments-sent-1400.png` });
  await sentMessage.getByTestId('message-image').click();
  const viewer = page.getByRole('dialog', { name: 'Image 1 of 1' });
  await expect(viewer.locator('img')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}attachments-viewer-1400.png` });
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await pasteFile(page, { name: 'again.png', type: 'image/png', kind: 'noise-png' });
  await page.getByLabel('Message').fill('And this one');
  await expect(chips).toHaveCount(1);
  await page.screenshot({ path: `${SCREENSHOTS}attachments-390.png` });
});

/** A model picker per conversation, listed from the provider, and the model on each reply. */
test('picking another model changes this conversation only, is used next, and shows on the reply', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  workbench.mockLlm.setModels(['mock-model', 'mock-model-large', 'mock-mini']);
  workbench.mockLlm.setScript({
    turns: [{ text: 'First answer.' }, { text: 'Second answer.' }],
    fallback: { text: 'Done.' },
  });
  await startConversation(page, workbench, 'Answer twice');
  await expect(page.getByTestId('message-agent')).toHaveCount(1, { timeout: 30_000 });
  await expectStatus(page, 'finished');
  const button = page.getByTestId('model-button');
  await expect(button).toContainText('mock-model');
  await expect(page.getByTestId('reply-model')).toHaveText(['mock-model']);

  await button.click();
  const picker = page.getByRole('dialog', { name: 'Model for this conversation' });
  await expect(picker.getByRole('option')).toHaveText([
    'mock-mini',
    /mock-model\s*current/,
    'mock-model-large',
  ]);
  await page.screenshot({ path: `${SCREENSHOTS}model-picker-1400.png` });
  await picker.getByRole('option', { name: 'mock-model-large' }).click();
  await expect(picker).toBeHidden();
  await expect(button).toContainText('mock-model-large');

  const before = chatRequests(workbench.mockLlm.requests()).length;
  await page.getByLabel('Message').fill('Once more');
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByTestId('message-agent')).toHaveCount(2, { timeout: 30_000 });
  const next = chatRequests(workbench.mockLlm.requests())[before];
  expect((next?.body as ChatBody | undefined)?.model).toBe('mock-model-large');
  // Each reply keeps the model that wrote it, after a reload too (it is read from the log).
  await expect(page.getByTestId('reply-model')).toHaveText(['mock-model', 'mock-model-large']);
  await page.reload();
  await expect(page.getByTestId('reply-model')).toHaveText(['mock-model', 'mock-model-large']);
  await expect(page.getByTestId('model-button')).toContainText('mock-model-large');
  await page.screenshot({ path: `${SCREENSHOTS}model-replies-1400.png` });

  // /model opens the same picker; a typed name the list lacks can be used.
  await page.getByLabel('Message').fill('/model');
  await page.getByLabel('Message').press('Enter');
  await expect(picker).toBeVisible();
  await picker.getByLabel('Model name').fill('my-own-model');
  await expect(picker.getByRole('option')).toHaveText(['Use “my-own-model”']);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}model-picker-390.png` });
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await page.screenshot({ path: `${SCREENSHOTS}model-replies-390.png` });
});

/** The start screen takes attachments too. */
test('the first message of a new conversation can carry a pasted image', async ({ page, workbench }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  workbench.mockLlm.setScript({ turns: [{ text: 'A noisy square.' }], fallback: { text: 'Done.' } });
  await page.goto(workbench.url);
  const bytes = await pasteFile(page, { name: 'first.png', type: 'image/png', kind: 'noise-png' }, 'Task');
  await page.getByLabel('Task').fill('What is this?');
  await expect(page.getByTestId('attachment-chip')).toHaveCount(1);
  await page.screenshot({ path: `${SCREENSHOTS}new-conversation-attachment-1400.png` });
  const before = chatRequests(workbench.mockLlm.requests()).length;
  await page.getByLabel('Task').press('Enter');
  await page.waitForURL(/\/conversations\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('message-agent')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('message-user').getByTestId('message-image')).toHaveCount(1);
  const body = chatRequests(workbench.mockLlm.requests())[before]?.body as ChatBody;
  const parts = body.messages.find((message) => message.role === 'user')?.content;
  const image = Array.isArray(parts) ? parts.find((part) => part.type === 'image_url') : undefined;
  expect(Buffer.from(image?.image_url?.url.split(',')[1] ?? '', 'base64').length).toBe(bytes);
});

test("a reply after a tool card shows its model beside it, never drawn over the reply's first line; the terminal's limits sit beside the output", async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  workbench.mockLlm.setScript({
    turns: [
      terminal('ls'),
      {
        text: 'The folder is empty, so there is nothing to clean up yet: no build output, no caches and no stray logs anywhere in it.',
      },
    ],
    fallback: { text: 'Done.' },
  });
  await startConversation(page, workbench, 'Look around');
  await expectStatus(page, 'finished');
  const reply = page.getByTestId('message-agent').last();
  await expect(reply).toContainText('The folder is empty');
  const model = reply.getByTestId('reply-model');
  await expect(model).toHaveText('mock-model');
  const label = await model.boundingBox();
  const firstLine = await reply.locator('.message__body p').first().boundingBox();
  expect(label && firstLine).toBeTruthy();
  if (label && firstLine) expect(label.y + label.height).toBeLessThanOrEqual(firstLine.y + 1);
  // The terminal's limits are said once, quietly, beside the first output, not inside it.
  await expect(page.locator('.terminal__output').first()).not.toContainText('Limits');
  await expect(page.locator('.terminal__limits')).toHaveText(/^Limits: 512 processes, 2048 MiB of memory/);
  await page.screenshot({ path: `${SCREENSHOTS}reply-after-tool-1400.png` });
});
