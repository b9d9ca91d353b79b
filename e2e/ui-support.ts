import { type Page, expect } from '@playwright/test';
import type { LLMScript, ScriptToolCall, ScriptTurn } from '../src/runtime/llm/llm-script';
import type { Workbench } from './fixtures/workbench';

/** Helpers shared by the UI specs: script turns for the mock LLM and the common page steps. */

/** Screenshots of each screen, to look at after a run; under .tmp/ (ignored), so tests leave the tree clean. */
export const SCREENSHOTS = new URL('../.tmp/screenshots/', import.meta.url).pathname;

export function toolTurn(
  name: string,
  args: Record<string, unknown>,
  extra: Partial<ScriptTurn> = {},
): ScriptTurn {
  const call: ScriptToolCall = { name, arguments: args };
  return { tool_calls: [call], ...extra };
}

export function terminal(
  command: string,
  options: { summary?: string; risk?: string; text?: string } = {},
): ScriptTurn {
  return toolTurn(
    'terminal',
    { command, summary: options.summary ?? `Run ${command}`, security_risk: options.risk ?? 'LOW' },
    options.text ? { text: options.text } : {},
  );
}

export function finish(message: string): ScriptTurn {
  return toolTurn('finish', { message });
}

export function script(...turns: ScriptTurn[]): LLMScript {
  return { turns, fallback: { text: 'Done.' } };
}

/** Opens the app, types the task and sends it with Enter; resolves on the conversation page. */
export async function startConversation(page: Page, workbench: Workbench, task: string): Promise<string> {
  await page.goto(workbench.url);
  await page.getByLabel('Task').fill(task);
  await page.getByLabel('Task').press('Enter');
  await page.waitForURL(/\/conversations\/[0-9a-f-]{36}$/);
  return page.url().split('/').at(-1) ?? '';
}

export function statusOf(page: Page) {
  return page.getByTestId('conversation-status');
}

export async function expectStatus(page: Page, status: string, timeout = 20_000): Promise<void> {
  await expect(statusOf(page)).toHaveAttribute('data-status', status, { timeout });
}

/** The runtime's REST API with the session key, for seeding and checking from a test. */
export function api(workbench: Workbench) {
  const headers = { 'X-Session-API-Key': workbench.sessionKey, 'Content-Type': 'application/json' };
  return {
    async post(path: string, body: unknown): Promise<unknown> {
      const response = await fetch(`${workbench.url}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    async get(path: string): Promise<unknown> {
      const response = await fetch(`${workbench.url}${path}`, { headers });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
  };
}
