import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, SCREENSHOTS, script, startConversation } from './ui-support';

/** From 360 px to wide screens; below 900 px the sidebar is a drawer behind a menu button. */

test('at 390 px the sidebar is a drawer: it opens over the page, Esc and the scrim close it, choosing a conversation opens it full width', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  workbench.mockLlm.setScript(script(finish('The tree is planted.')));
  const conversationId = await startConversation(page, workbench, 'Plant a tree in the garden');
  await expectStatus(page, 'finished');
  await page.goto(workbench.url);

  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  const menu = page.getByRole('button', { name: 'Conversations', exact: true });
  const scrim = page.getByTestId('drawer-scrim');
  await expect(sidebar).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Task')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}narrow-home.png` });

  // Opens over the page; focus moves into it; Esc closes it and focus comes back to the menu button.
  await menu.click();
  await expect(sidebar).toBeVisible();
  await expect(scrim).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar.getByRole('link', { name: 'New conversation' })).toBeFocused();
  await expect(sidebar).toHaveCSS('transform', 'none'); // slid all the way in
  await page.screenshot({ path: `${SCREENSHOTS}narrow-drawer.png` });
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  await expect(scrim).toHaveCount(0);
  await expect(menu).toBeFocused();

  // A click on the scrim beside it closes it too.
  await menu.click();
  await expect(sidebar).toBeVisible();
  await page.mouse.click(380, 400);
  await expect(sidebar).toBeHidden();

  // Choosing a conversation opens it and closes the drawer; the transcript takes the width.
  await menu.click();
  await sidebar.locator(`[data-conversation-id="${conversationId}"] a`).click();
  await page.waitForURL(new RegExp(`/conversations/${conversationId}$`));
  await expect(sidebar).toBeHidden();
  await expect(scrim).toHaveCount(0);
  const transcript = page.getByTestId('transcript');
  await expect(transcript).toContainText('The tree is planted.');
  const box = await transcript.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(380);
  await page.screenshot({ path: `${SCREENSHOTS}narrow-conversation.png` });

  // The drawer works the same on the conversation page; no page scrolls sideways at 360 px.
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = () =>
    page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      header: document.querySelector('.app-header')?.scrollWidth ?? 0,
    }));
  expect(await overflow()).toEqual({ page: 360, header: 360 });
  await expect(page.getByRole('button', { name: 'Settings' })).toBeInViewport();
  await menu.click();
  await expect(sidebar).toBeVisible();
  await expect(sidebar.locator(`[data-conversation-id="${conversationId}"] a`)).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();

  // Wide: the sidebar is a column again, no menu button.
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect(sidebar).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(scrim).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}wide-conversation.png` });
});

test('at 1280 px a conversation header that holds more tools than fit scrolls them, faded at the edge, never under the status', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  workbench.mockLlm.setScript(script(finish('Header checked.')));
  await startConversation(page, workbench, 'A title long enough to take its share of the header row');
  await expectStatus(page, 'finished');

  const row = page.locator('.app-header__page');
  const status = page.locator('.app-header__tools');
  const rowBox = await row.boundingBox();
  const statusBox = await status.boundingBox();
  expect(rowBox && statusBox && rowBox.x + rowBox.width <= statusBox.x + 0.5).toBe(true);
  // The title keeps a readable width; the tools past the edge are a scroll away, with a fade saying so.
  expect((await page.locator('.app-header__page .page-title').boundingBox())?.width ?? 0).toBeGreaterThan(90);
  await expect(row).toHaveAttribute('data-more', '');
  await page.screenshot({ path: `${SCREENSHOTS}header-1280.png` });
  const policy = page.getByLabel('Approval policy');
  await policy.scrollIntoViewIfNeeded();
  await expect(policy).toBeInViewport();
  await expect(row).not.toHaveAttribute('data-more', '');
});
