import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

  // Confirmation mode off again, as the tests after this one expect a new conversation to run.
  await page.goto(`${canvas.stack.url}/settings/verification`);
  await page.getByText('Confirmation Mode', { exact: true }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(/Settings saved/)).toBeVisible();
});

test('the secrets page saves a secret the agent server keeps sealed, a command naming it gets it masked, and deletes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await blockTheInternet(page);
  const value = 'canvas-saved-secret-5e9b1c';
  canvas.stack.mockLlm.setScript(
    script(terminal('echo "token=$CANVAS_TOKEN"'), { text: 'Printed the token.' }),
  );
  await openCanvas(page);
  await page.goto(`${canvas.stack.url}/settings/secrets`);
  await page.getByTestId('add-secret-button').click();
  await page.getByTestId('name-input').fill('CANVAS_TOKEN');
  await page.getByTestId('value-input').fill(value);
  await page.getByTestId('description-input').fill('from the Canvas');
  await shot(page, 'secrets-add');
  await page.getByTestId('submit-button').click();
  const item = page.getByTestId('secret-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('CANVAS_TOKEN');
  await expect(item).toContainText('from the Canvas');
  await shot(page, 'secrets-list');
  const sealed = readFileSync(join(canvas.stack.agentServer.dataDir, 'secrets.json'), 'utf8');
  expect(sealed).toContain('CANVAS_TOKEN');
  expect(sealed).not.toContain(value);

  // A new conversation carries the saved secret as a LookupSecret; the command that names it gets the
  // value, and what it prints shows the mask (an empty variable would print nothing after `=`).
  const failed = await failedCalls(page, async () => {
    await page.getByText('New Chat').click();
    const launcher = page.getByTestId('home-chat-launcher');
    await launcher.getByTestId('chat-input').fill('Print the token');
    await launcher.getByTestId('chat-input').press('Enter');
    await expect(page.getByText('Printed the token.')).toBeVisible({ timeout: 30_000 });
  });
  expect(failed).toEqual([]);
  await page.getByRole('button', { name: 'Expand' }).click();
  await expect(page.getByText('token=‹secret:CANVAS_TOKEN›').first()).toBeVisible();
  expect(await page.content()).not.toContain(value);

  await page.goto(`${canvas.stack.url}/settings/secrets`);
  await page.getByTestId('delete-secret-button').click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('secret-item')).toHaveCount(0);
  expect(readFileSync(join(canvas.stack.agentServer.dataDir, 'secrets.json'), 'utf8')).not.toContain(
    'CANVAS_TOKEN',
  );
});

test('a workspace added in the picker is saved by the agent server, and its conversation shows its files and the repository commits', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await blockTheInternet(page);
  // A repository of the person's, in the agent server's home where the Canvas's folder browser opens.
  const repo = join(canvas.stack.home, 'canvas-repo');
  mkdirSync(repo, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repo, '-c', 'user.name=Person', '-c', 'user.email=p@example.com', ...args]);
  git('init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'README.md'), 'read through the workspace session\n');
  git('add', '.');
  git('commit', '-q', '-m', 'Initial commit from the person');
  await openCanvas(page);

  const failed = await failedCalls(page, async () => {
    await page.getByTestId('conversation-panel-new-thread-picker').click();
    await page.getByTestId('add-workspaces-button').click();
    await expect(page.getByTestId('folder-browser-modal')).toBeVisible();
    await page.getByTestId('folder-browser-entry-canvas-repo').click();
    await expect(page.getByTestId('folder-browser-current-path')).toContainText('canvas-repo');
    await shot(page, 'workspace-browser');
    await page.getByTestId('folder-browser-use').click();
    const saved = page.locator(`[data-testid="launch-workspace"][data-workspace-path="${repo}"]`);
    await expect(saved).toBeVisible({ timeout: 20_000 });
    await shot(page, 'workspace-saved');
    await saved.click();
    await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]+/, { timeout: 30_000 });
    // The conversation's side panel: its Commits tab reads /api/git/commits, its Files tab reads the
    // file through the workspace-session cookie (/api/conversations/{id}/workspace/README.md). A tab
    // clicked while it is already the one shown hides the panel, so each is clicked once, from the other.
    await expect(page.getByTestId('chat-input')).toBeVisible({ timeout: 30_000 });
    const panel = page.getByTestId('right-panel-toggle');
    if ((await panel.getAttribute('aria-pressed')) !== 'true') await panel.click();
    await expect(panel).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('conversation-tab-commits').click();
    await expect(page.getByText('Initial commit from the person')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'workspace-commits');
    await page.getByTestId('conversation-tab-files').click();
    const served = page.waitForResponse(
      (response) =>
        /^\/api\/conversations\/[0-9a-f-]+\/workspace\/README\.md$/.test(new URL(response.url()).pathname) &&
        response.status() === 200,
    );
    await page.getByText('README.md', { exact: true }).click();
    await served;
    await expect(page.getByText('read through the workspace session')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'workspace-file');
  });
  expect(failed).toEqual([]);
  // Kept by the agent server in its data dir, where every front end of it reads the same list.
  const stored = JSON.parse(
    readFileSync(join(canvas.stack.agentServer.dataDir, 'upstream-workspaces.json'), 'utf8'),
  );
  expect(stored.workspaces).toEqual([expect.objectContaining({ path: repo })]);
});
