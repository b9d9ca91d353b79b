import { join } from 'node:path';
import { checkScreen } from './accessibility';
import { expect, test } from './fixtures/workbench';
import {
  expectStatus,
  finish,
  SCREENSHOTS,
  script,
  startConversation,
  terminal,
  toolTurn,
} from './ui-support';

/** A page the agent serves that tries what a hostile app would: read the workbench's cookie, call its API. */
function hostileApp(workbenchUrl: string): string {
  return `<!doctype html><html lang="en"><head><title>Agent app</title></head><body>
<h1>agent-app-ok</h1><p id="cookie">cookie: pending</p><p id="api">api: pending</p>
<script>
document.getElementById('cookie').textContent = 'cookie: [' + document.cookie + ']';
fetch('${workbenchUrl}/api/conversations', { credentials: 'include' })
  .then((response) => 'api: status ' + response.status, () => 'api: blocked')
  .then((text) => { document.getElementById('api').textContent = text; });
</script></body></html>`;
}

test('the person types in the Terminal tab, and the Preview tab opens the server the agent started, which cannot read the cookie or call the API', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const app = join(workbench.workspace, 'app', 'index.html');
  workbench.mockLlm.setScript(
    script(
      toolTurn('file_editor', {
        command: 'create',
        path: app,
        file_text: hostileApp(workbench.url),
        summary: 'Write the app',
        security_risk: 'LOW',
      }),
      terminal(
        `cd app && (node -e "const fs=require('fs');require('http').createServer((q,s)=>{s.setHeader('content-type','text/html');s.end(fs.readFileSync('index.html'))}).listen(5173,'127.0.0.1')" >/dev/null 2>&1 &) ; sleep 1`,
        { summary: 'Serve the app' },
      ),
      finish('The app runs on port 5173.'),
    ),
  );
  await startConversation(page, workbench, 'Serve a small app');
  await expectStatus(page, 'finished');

  // The terminal: a real shell in the sandbox, typed into like any terminal.
  await page.getByRole('button', { name: 'Terminal' }).click();
  const panel = page.getByTestId('terminal-panel');
  await expect(panel.getByRole('status')).toHaveText('Connected');
  await panel.locator('.xterm').click();
  await page.keyboard.type('echo typed-by-$((20+22))');
  await page.keyboard.press('Enter');
  await expect(panel.locator('.xterm-rows')).toContainText('typed-by-42');
  await page.screenshot({ path: `${SCREENSHOTS}terminal-tab.png` });
  // Recorded as the person's, in the transcript.
  await expect(page.getByText('You ran in the terminal: echo typed-by-$((20+22))')).toBeVisible();

  // The preview: the agent's server, from its own origin.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('preview-panel');
  await expect(preview.getByRole('combobox', { name: 'Port' })).toHaveValue('5173', { timeout: 15_000 });
  const frame = page.frameLocator('iframe[title="App preview"]');
  await expect(frame.getByRole('heading', { name: 'agent-app-ok' })).toBeVisible();
  await expect(frame.locator('#api')).toHaveText('api: blocked');
  await expect(frame.locator('#cookie')).toHaveText('cookie: []');
  const src = await page.locator('iframe[title="App preview"]').getAttribute('src');
  expect(new URL(src ?? '').origin).not.toBe(new URL(workbench.url).origin);
  await page.screenshot({ path: `${SCREENSHOTS}preview-tab.png` });

  // Reload keeps the app; open in a new tab goes to the same address.
  await preview.getByRole('button', { name: 'Reload' }).click();
  await expect(frame.getByRole('heading', { name: 'agent-app-ok' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', src ?? '');

  await checkScreen(page, 'preview-tab', async (width) => {
    if (width < 900) await page.getByRole('tab', { name: 'Preview' }).click();
  });
  await page.getByRole('tab', { name: 'Terminal' }).click();
  await checkScreen(page, 'terminal-tab', async (width) => {
    if (width < 900) await page.getByRole('tab', { name: 'Terminal' }).click();
    else await page.getByRole('button', { name: 'Terminal', pressed: true }).waitFor();
  });
});
