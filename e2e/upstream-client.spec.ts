import { Agent, ConversationManager } from '@openhands/typescript-client';
import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, SCREENSHOTS, script, terminal } from './ui-support';

/**
 * Upstream clients are users: a conversation the official OpenHands TypeScript client starts, unmodified,
 * with its own model and key, is an ordinary conversation in the page, live.
 */
test('a conversation started by the official OpenHands client shows up live in the page', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(
    script(terminal('echo from-the-client', { summary: 'Say hello' }), finish('Client task done.')),
  );
  await page.goto(workbench.url);
  const manager = new ConversationManager({ host: workbench.url, apiKey: workbench.sessionKey });
  try {
    const agent = new Agent({
      llm: {
        model: 'openai/mock-model',
        base_url: workbench.mockLlm.url,
        api_key: 'sk-client-0123456789abcdef',
      },
    });
    const conversation = await manager.createConversation(agent, {
      initialMessage: 'Greet from the client',
      workingDir: workbench.workspace,
    });
    await conversation.run();

    await page
      .getByTestId('conversation-list')
      .getByRole('link', { name: /Greet from the client/ })
      .click();
    await expect(page.getByText('Client task done.')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-action-kind="TerminalAction"]').first()).toContainText(
      'from-the-client',
    );
    await expectStatus(page, 'finished');
    // The client's key is the conversation's, never shown or stored.
    await expect(page.getByText('sk-client-0123456789abcdef')).toHaveCount(0);
    expect(await conversation.getAgentFinalResponse()).toBe('Client task done.');
    await page.screenshot({ path: `${SCREENSHOTS}upstream-client.png` });
  } finally {
    manager.close();
  }
});
