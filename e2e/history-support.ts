import type { Page } from '@playwright/test';
import { test, type Workbench } from './fixtures/workbench';

/** What the history specs share: 300 conversations seeded over REST and the list's page steps. */

export const SEEDED = 300;
export const PHRASE = 'zephyr quartz lighthouse';
export const title = (index: number) => `Seeded conversation ${String(index).padStart(3, '0')}`;

export interface Created {
  id: string;
}

export function rest(base: { url: string; sessionKey: string }) {
  const headers = { 'X-Session-API-Key': base.sessionKey, 'Content-Type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base.url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const text = (value: string) => ({ role: 'user', content: [{ type: 'text', text: value }] });
  return {
    async createWith(body: Record<string, unknown>): Promise<Created> {
      return (await (await call('POST', '/api/conversations', body)).json()) as Created;
    },
    async untilStatus(id: string, status: string): Promise<void> {
      const deadline = Date.now() + 20_000;
      let seen = '';
      while (Date.now() < deadline) {
        seen = (
          (await (await call('GET', `/api/conversations/${id}`)).json()) as { execution_status: string }
        ).execution_status;
        if (seen === status) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`conversation ${id} stayed ${seen}, expected ${status}`);
    },
    async pin(id: string): Promise<void> {
      await call('PATCH', `/api/conversations/${id}`, { pinned: true });
    },
    async create(index: number, message: string): Promise<Created> {
      const response = await call('POST', '/api/conversations', {
        title: title(index),
        initial_message: text(message),
      });
      return (await response.json()) as Created;
    },
    async say(id: string, message: string): Promise<void> {
      await call('POST', `/api/conversations/${id}/events`, text(message));
    },
    async status(path: string): Promise<number> {
      const response = await fetch(`${base.url}${path}`, { headers });
      return response.status;
    },
  };
}

/** What each launcher (by its data dir) was seeded with: a spec file seeds its own once. */
const seeded = new Map<string, Map<number, Created>>();
/** The 250th conversation says the phrase in its second message, between two others. */
export async function seed(workbench: Workbench): Promise<Map<number, Created>> {
  const already = seeded.get(workbench.dataDir);
  if (already) return already;
  const api = rest(workbench);
  const created = new Map<number, Created>();
  for (let index = 1; index <= SEEDED; index += 1) {
    const conversation = await api.create(index, `Task ${index}: tidy up module ${index} and report back.`);
    created.set(index, conversation);
    if (index === 250) {
      await api.say(conversation.id, 'First, list what is in the folder.');
      await api.say(conversation.id, `Then check the ${PHRASE} notes before anything else.`);
      await api.say(conversation.id, 'Finally, write a short summary.');
    }
  }
  seeded.set(workbench.dataDir, created);
  return created;
}

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Conversations' });
}

export function row(page: Page, name: string) {
  return page.locator('.history-row', { has: page.getByText(name, { exact: true }) });
}

/**
 * Scrolls the virtual list from the top until the row is rendered. Pages load as the list nears its
 * end, so on a busy machine a row far down may take a while: keep scrolling until it shows up or the
 * time budget runs out. The list renders after each scroll in a later frame, so a row counted just
 * after a scroll may be unmounted a moment later: wait for the frame, and if the row vanishes before
 * it is scrolled into view, keep going.
 */
export async function scrollToRow(page: Page, name: string) {
  const list = page.getByTestId('conversation-list');
  const target = row(page, name);
  const scrollBy = async (fraction: number | null) => {
    await list.evaluate((element, by) => {
      element.scrollTop = by === null ? 0 : element.scrollTop + element.clientHeight * by;
    }, fraction);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  };
  await scrollBy(null);
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    if ((await target.count()) > 0) {
      try {
        await target.scrollIntoViewIfNeeded({ timeout: 2_000 });
        return;
      } catch {
        // The virtual list unmounted the row between the count and the scroll: keep scrolling.
      }
    }
    await scrollBy(0.8);
    await page.waitForTimeout(50);
  }
  throw new Error(`"${name}" never appeared in the list`);
}

export async function openRowMenu(page: Page, name: string) {
  const target = row(page, name);
  await target.hover();
  await target.getByRole('button', { name: `Actions for ${name}` }).click();
  return page.getByRole('menu', { name: `Actions for ${name}` });
}

/** Registers, in the calling spec file, the light scheme and desktop size its screenshots are taken at. */
export function registerLightDesktopPage(): void {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
  });
}
