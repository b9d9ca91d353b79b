import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, SCREENSHOTS, script, startConversation, toolTurn } from './ui-support';

/**
 * The model delegates with the task tool: the transcript shows a nested card for the sub-agent that
 * opens the child conversation, whose header links back to its parent.
 */
test('a task call shows a nested card that opens the sub-agent, and the sub-agent links back', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  workbench.mockLlm.setScript(
    script(
      toolTurn('task', {
        description: 'Survey the workspace',
        prompt: 'List what is in the workspace and report back.',
        tools: ['list_dir'],
        summary: 'Delegate the survey',
        security_risk: 'LOW',
      }),
      finish('The workspace is empty.'),
      finish('The sub-agent found an empty workspace.'),
    ),
  );
  const parentId = await startConversation(page, workbench, 'Survey the workspace with a sub-agent');
  await expectStatus(page, 'finished', 30_000);

  const card = page.locator('[data-action-kind="TaskAction"]');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Sub-agent');
  await expect(card).toContainText('The workspace is empty.');
  const link = card.getByTestId('sub-agent-link');
  await expect(link).toContainText('Survey the workspace');
  await expect(link.getByRole('img', { name: 'Finished' })).toBeVisible();
  await card.screenshot({ path: `${SCREENSHOTS}sub-agent-card.png` });

  // The sub-agent is not in the history list: only its parent is.
  const history = page.getByRole('list', { name: 'Conversations' }).getByRole('listitem');
  await expect(history).toHaveCount(1);
  await expect(history).toContainText('Survey the workspace with a sub-agent');

  await link.click();
  await page.waitForURL(/\/conversations\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(parentId);
  await expectStatus(page, 'finished');
  await expect(page.locator('.page-title')).toHaveText('Survey the workspace');
  await expect(page.locator('[data-action-kind="FinishAction"]')).toContainText('The workspace is empty.');

  const back = page.getByTestId('parent-conversation');
  await expect(back).toContainText('Sub-agent of');
  await back.click();
  await page.waitForURL(new RegExp(`/conversations/${parentId}$`));
  await expect(page.locator('[data-action-kind="TaskAction"]')).toHaveCount(1);
});
