import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures/workbench';
import { SCREENSHOTS, expectStatus, finish, script, startConversation, toolTurn } from './ui-support';

async function setMemoryWorkspaces(url: string, sessionKey: string, folders: string[]): Promise<void> {
  const response = await fetch(`${url}/api/settings`, {
    method: 'PATCH',
    headers: { 'X-Session-API-Key': sessionKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ memory_workspaces: folders }),
  });
  if (!response.ok) throw new Error(`PATCH /api/settings: ${response.status} ${await response.text()}`);
}

test('with memory on, a proposal to MEMORY.md shows as a diff card to approve, and only then is written', async ({
  page,
  workbench,
}) => {
  const memoryPath = join(workbench.workspace, 'MEMORY.md');
  writeFileSync(memoryPath, '# Notes\n- Uses pnpm.\n');
  await setMemoryWorkspaces(workbench.url, workbench.sessionKey, [workbench.workspace]);
  try {
    workbench.mockLlm.setScript(
      script(
        toolTurn('memory_propose', {
          addition: '- Tests run with `pnpm test`.',
          summary: 'Remember the test command',
          security_risk: 'LOW',
        }),
        finish('Noted for next time.'),
      ),
    );
    await startConversation(page, workbench, 'Remember how the tests run');

    // Asked although the default policy would let a LOW-risk action through: memory is the person's.
    const dialog = page.getByRole('dialog', { name: /approve this action/i });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    const card = dialog.getByTestId('memory-proposal');
    await expect(card).toContainText('MEMORY.md');
    await expect(card).toContainText('Tests run with `pnpm test`.');
    await page.screenshot({ path: `${SCREENSHOTS}memory-proposal.png` });
    expect(readFileSync(memoryPath, 'utf8')).toBe('# Notes\n- Uses pnpm.\n');

    const approve = dialog.getByRole('button', { name: /approve/i });
    await expect(approve).toHaveAttribute('data-armed', 'true');
    await approve.click();
    await expectStatus(page, 'finished');
    expect(readFileSync(memoryPath, 'utf8')).toBe('# Notes\n- Uses pnpm.\n- Tests run with `pnpm test`.\n');
    await expect(page.locator('[data-action-kind="MemoryProposeAction"]')).toContainText('appended');
  } finally {
    await setMemoryWorkspaces(workbench.url, workbench.sessionKey, []);
  }
});
