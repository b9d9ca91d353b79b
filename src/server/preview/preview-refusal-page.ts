import type { ServerResponse } from 'node:http';

/**
 * Answers a preview that cannot be shown with a short page that says why, at once: a port nothing
 * listens on, a sandbox that is not running, an unknown address. Never cached, never framed elsewhere.
 */
export function sendPreviewRefusal(response: ServerResponse, status: number, reason: string): void {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview unavailable</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem;color:#1f2328}</style></head>
<body><h1>Nothing to preview here</h1><p>${escapeHtml(reason)}.</p>
<p>Start a server in the conversation (its terminal or the agent), then reload.</p></body></html>`;
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(body);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
