import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { blockTheInternet, canvasShot, canvasStackForFile } from './fixtures/canvas-spec-support';
import { script, terminal } from './ui-support';

/**
 * The published OpenHands Agent Canvas (npm, 1.16.0) in Chromium against `agent-workbench
 * agent-server` and the mock model, used as a person would. The install step runs first and fails
 * with its hint when the Canvas cannot be installed; it never skips.
 */
const canvas = canvasStackForFile();
const shot = (page: Page, name: string) => canvasShot(page, 'canvas', name);

test('consent, onboarding with the mock model, a conversation from the home screen with a reply, a follow-up command and its output', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await blockTheInternet(page);
  canvas.stack.mockLlm.setScript(
    script({ text: 'Hello from the mock model.' }, terminal('echo canvas-follow-up-$((6*7))'), {
      text: 'The command printed its number.',
    }),
  );

  await page.goto(canvas.stack.url);
  await page.getByRole('button', { name: 'Confirm preferences' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Advanced', { exact: true }).click();
  await page.getByTestId('llm-custom-model-input').fill('mock');
  await page.getByTestId('base-url-input').fill(canvas.stack.mockLlm.url);
  await page.getByTestId('llm-api-key-input').fill('sk-mock');
  await shot(page, 'onboarding-llm');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('onboarding-hello-input')).toBeVisible();
  await page.getByText('Skip for now').click();

  const launcher = page.getByTestId('home-chat-launcher');
  await launcher.getByTestId('chat-input').fill('Say hello');
  await shot(page, 'home');
  await launcher.getByTestId('chat-input').press('Enter');
  await expect(page.getByText('Hello from the mock model.')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]+/);
  await shot(page, 'first-reply');

  const input = page.getByTestId('chat-input');
  await input.fill('Run the echo command');
  await input.press('Enter');
  await expect(page.getByText('The command printed its number.')).toBeVisible({ timeout: 30_000 });
  // The command's step is folded: open it, as a person would, to read what it printed.
  await expect(page.getByText('Run echo canvas-follow-up-$((6*7))')).toBeVisible();
  await page.getByRole('button', { name: 'Expand' }).click();
  await expect(page.getByText(/canvas-follow-up-42/).first()).toBeVisible();
  await shot(page, 'follow-up');
  // With the automation service behind /api/automation, as the launcher runs it, no call of the
  // whole flow fails loudly enough for the Canvas to show an error toast.
  await expect(page.getByText(/Request failed with status code/)).toHaveCount(0);

  // The folder the Canvas named was made under the agent server's home, not anywhere else.
  const id = new URL(page.url()).pathname.split('/').at(-1)?.replaceAll('-', '') ?? '';
  expect(existsSync(join(canvas.stack.home, 'workspace', 'project', id))).toBe(true);

  await page.reload();
  // The history comes back with the Canvas's skills in the system prompt: give it the same time as the reply.
  await expect(page.getByText('Say hello').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Hello from the mock model.')).toBeVisible({ timeout: 20_000 });
  await shot(page, 'after-reload');
});

/** The agent server's answers of 400 and above while `during` runs, but those the Canvas expects. */
async function failedCalls(page: Page, during: () => Promise<void>): Promise<string[]> {
  const failed: string[] = [];
  const listener = (response: import('@playwright/test').Response) => {
    const url = new URL(response.url());
    // Upstream's automation server is not served by agent-server alone; the Canvas takes its 404 in stride.
    if (/^\/api\/automation(\/|$)/.test(url.pathname)) return;
    if (url.pathname.startsWith('/api/') && response.status() >= 400)
      failed.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  };
  page.on('response', listener);
  try {
    await during();
  } finally {
    page.off('response', listener);
  }
  return failed;
}

/**
 * Opens the Canvas in a fresh browser: consent and onboarding when asked (consent is kept by the
 * server, so after the first test only the agent choice comes back; the model it saved stays in effect
 * and the person skips).
 */
async function openCanvas(page: Page): Promise<void> {
  await page.goto(canvas.stack.url);
  const consent = page.getByRole('button', { name: 'Confirm preferences' });
  const onboarding = page.getByText('Choose your agent');
  const home = page.getByTestId('home-chat-launcher');
  await expect(consent.or(onboarding).or(home).first()).toBeVisible({ timeout: 20_000 });
  if (await consent.isVisible()) {
    await consent.click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Advanced', { exact: true }).click();
    await page.getByTestId('llm-custom-model-input').fill('mock');
    await page.getByTestId('base-url-input').fill(canvas.stack.mockLlm.url);
    await page.getByTestId('llm-api-key-input').fill('sk-mock');
    await page.getByRole('button', { name: 'Next' }).click();
  }
  if (await onboarding.or(page.getByTestId('onboarding-hello-input')).first().isVisible()) {
    await page.getByText('Skip for now').click();
  }
  await expect(home).toBeVisible();
}

function conversationFolder(page: Page): string {
  const id = new URL(page.url()).pathname.split('/').at(-1)?.replaceAll('-', '') ?? '';
  return join(canvas.stack.home, 'workspace', 'project', id);
}

test('every settings page opens without a failed call or an error toast', async ({ page }) => {
  test.setTimeout(120_000);
  await blockTheInternet(page);
  await openCanvas(page);
  const pages: [string, string][] = [
    ['/settings/agents', 'Available Profiles'],
    ['/settings/llm', 'LLM'],
    ['/settings/condenser', 'Condenser'],
    ['/settings/agent-context', 'Agent Context'],
    ['/settings/verification', 'Confirmation Mode'],
    ['/settings/app', 'Application'],
    ['/settings/secrets', 'Secrets'],
  ];
  for (const [path, text] of pages) {
    const failed = await failedCalls(page, async () => {
      await page.goto(`${canvas.stack.url}${path}`);
      await expect(page.locator('main').getByText(text, { exact: true }).first()).toBeVisible({
        timeout: 20_000,
      });
      // Give the page's queries time to answer before judging them.
      await page.waitForLoadState('networkidle');
    });
    expect({ path, failed }).toEqual({ path, failed: [] });
    await expect(page.getByText(/error|failed|went wrong/i)).toHaveCount(0);
    await shot(page, `settings${path.replaceAll('/', '-')}`);
  }
});

/** The conversation's status as the agent server answers it. */
async function statusOf(page: Page): Promise<string> {
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const response = await fetch(`${canvas.stack.agentServer.url}/api/conversations/${id}`, {
    headers: { 'X-Session-API-Key': canvas.stack.agentServer.sessionKey },
  });
  return String(((await response.json()) as { execution_status: string }).execution_status);
}

// Before confirmation mode is switched on below: a paused run is the point here, not a question.
test('stop and resume: the stop button pauses a running conversation, nothing more runs until play', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await blockTheInternet(page);
  canvas.stack.mockLlm.setScript(
    script(terminal('sleep 6; touch slept-through'), terminal('touch after-resume'), {
      text: 'Resumed and finished.',
    }),
  );
  await openCanvas(page);
  await page.getByText('New Chat').click();
  const launcher = page.getByTestId('home-chat-launcher');
  await launcher.getByTestId('chat-input').fill('Run the slow command');
  await launcher.getByTestId('chat-input').press('Enter');
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]+/, { timeout: 30_000 });
  const folder = conversationFolder(page);

  await page.getByTestId('stop-button').click({ timeout: 30_000 });
  await expect(page.getByTestId('play-button')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => statusOf(page), { timeout: 20_000 }).toBe('paused');
  await shot(page, 'stopped');
  // Paused: the model is not asked for its next step, so the second command never runs.
  const asked = canvas.stack.mockLlm.requests().length;
  await page.waitForTimeout(8_000);
  expect(canvas.stack.mockLlm.requests().length).toBe(asked);
  expect(existsSync(join(folder, 'after-resume'))).toBe(false);
  await expect(page.getByText(/Request failed with status code/)).toHaveCount(0);

  await page.getByTestId('play-button').click();
  await expect(page.getByText('Resumed and finished.')).toBeVisible({ timeout: 30_000 });
  expect(existsSync(join(folder, 'after-resume'))).toBe(true);
  expect(['finished', 'idle']).toContain(await statusOf(page));
  await shot(page, 'resumed');
});

test('confirmation mode: a risky command waits for the person, runs when approved and not when rejected', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await blockTheInternet(page);
  canvas.stack.mockLlm.setScript(
    script(
      terminal('touch approved-by-person', { risk: 'HIGH' }),
      { text: 'Created the approved file.' },
      terminal('touch rejected-by-person', { risk: 'HIGH' }),
    ),
  );
  await openCanvas(page);
  await page.goto(`${canvas.stack.url}/settings/verification`);
  await page.getByText('Confirmation Mode', { exact: true }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(/Settings saved/)).toBeVisible();

  await page.getByText('New Chat').click();
  const launcher = page.getByTestId('home-chat-launcher');
  await launcher.getByTestId('chat-input').fill('Create the approved file');
  await launcher.getByTestId('chat-input').press('Enter');
  await expect(page.getByText('Do you want to continue with this action?')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('High Risk')).toBeVisible();
  await shot(page, 'confirm-asked');
  const folder = conversationFolder(page);
  expect(existsSync(join(folder, 'approved-by-person'))).toBe(false);
  // The Canvas's answer buttons carry the words and their shortcut (Continue ⌘↩, Cancel ⇧⌘⌫).
  await page
    .getByText(/^Continue\b/)
    .last()
    .click();
  await expect(page.getByText('Created the approved file.')).toBeVisible({ timeout: 30_000 });
  expect(existsSync(join(folder, 'approved-by-person'))).toBe(true);
  await shot(page, 'confirm-approved');

  const input = page.getByTestId('chat-input');
  await input.fill('Now the other file');
  await input.press('Enter');
  await expect(page.getByText('Do you want to continue with this action?')).toBeVisible({ timeout: 30_000 });
  await page
    .getByText(/^Cancel\b/)
    .last()
    .click();
  // A rejection ends the turn, as upstream's does: the question goes, the command never runs.
  await expect(page.getByText('Do you want to continue with this action?')).toHaveCount(0);
  await expect(page.getByText('Run touch rejected-by-person')).toBeVisible();
  expect(existsSync(join(folder, 'rejected-by-person'))).toBe(false);
  await shot(page, 'confirm-rejected');

  // The conversation list after a reload: the conversations of this run, by their first message.
  await page.reload();
  await expect(page.getByText('Create the approved file').first()).toBeVisible({ timeout: 20_000 });
  // The first test's conversation: on this page only the list names it.
  await expect(page.getByText('Say hello').first()).toBeVisible();
  await shot(page, 'list-after-reload');
});
