import type { ScriptTurn } from '../../src/runtime/llm/llm-script';
import type { AuditedWorkbench } from './audited-workbench';

/**
 * Creates a conversation in `workspace` that starts running `turns` (then finishes) with no approvals,
 * and returns its id at once, while its commands run.
 */
export async function startRun(
  workbench: AuditedWorkbench,
  workspace: string,
  turns: ScriptTurn[],
): Promise<string> {
  workbench.mockLlm.setScript({
    turns: [...turns, { tool_calls: [{ name: 'finish', arguments: { message: 'done' } }] }],
    fallback: { text: 'Done.' },
  });
  const created = await workbench.api.json('POST', '/api/conversations', {
    workspace: { working_dir: workspace },
    confirmation_policy: { kind: 'NeverConfirm' },
    initial_message: { role: 'user', content: [{ type: 'text', text: 'Audit task' }], run: true },
  });
  return String(created.id);
}

/** POST /api/file/upload as the person's client sends it: multipart, one field named `file`. */
export async function uploadFile(workbench: AuditedWorkbench, path: string, content: string) {
  const form = new FormData();
  form.append('file', new Blob([content]), 'upload.bin');
  const response = await fetch(`${workbench.origin}/api/file/upload?path=${encodeURIComponent(path)}`, {
    method: 'POST',
    headers: { 'X-Session-API-Key': workbench.sessionKey },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

/** Polls until `check` holds; throws when it still does not after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
