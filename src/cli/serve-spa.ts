import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { contentTypeFor } from '../client/content-type-for';
import { sendText } from './send-text';
import { setHtmlSecurityHeaders } from './spa-security-headers';

export interface ServeSpaOptions {
  /** The built SPA (dist/ui). It may not exist yet: then SPA routes get a page saying how to build it. */
  rootDir: string;
}

export type SpaHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Static files of the built SPA, served as built: nothing is injected (the page learns what it needs
 * from the API, and the session key never reaches it), so the CSP can forbid inline scripts. Vite puts content-hashed files under /assets/, which may be cached
 * forever; everything else is revalidated. Client routes (no file extension) fall back to index.html,
 * while a missing asset is a plain 404 so that a stale page fails loudly instead of parsing HTML as JS.
 */
export function createSpaHandler(options: ServeSpaOptions): SpaHandler {
  const rootDir = resolve(options.rootDir);
  return async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return sendText(response, 405, 'Method Not Allowed', request);
    }
    const pathname = decodePathname(request.url ?? '/');
    if (pathname === undefined) return sendText(response, 400, 'Bad Request');

    if (pathname !== '/' && pathname !== '/index.html') {
      const filePath = resolveInside(rootDir, pathname);
      const file = filePath ? await stat(filePath).catch(() => undefined) : undefined;
      if (filePath && file?.isFile()) return sendFile(request, response, filePath, file, pathname);
      if (isAssetPath(pathname)) return sendText(response, 404, 'Not Found');
    }
    return sendIndex(request, response, rootDir);
  };
}

/** A path that names a file (has an extension, or lives under /assets/) rather than a client route. */
export function isAssetPath(pathname: string): boolean {
  if (pathname.startsWith('/assets/')) return true;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return extname(lastSegment) !== '';
}

function decodePathname(url: string): string | undefined {
  try {
    const pathname = decodeURIComponent(new URL(url, 'http://ingress.invalid').pathname);
    return pathname.includes('\0') ? undefined : pathname;
  } catch {
    return undefined;
  }
}

/** The file under rootDir for this URL path, or undefined if the path tries to leave rootDir. */
function resolveInside(rootDir: string, pathname: string): string | undefined {
  const filePath = join(rootDir, normalize(pathname));
  return filePath.startsWith(rootDir + sep) ? filePath : undefined;
}

function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  filePath: string,
  file: { size: number; mtime: Date },
  pathname: string,
): void {
  const immutable = pathname.startsWith('/assets/');
  const lastModified = file.mtime.toUTCString();
  response.setHeader('Cache-Control', immutable ? IMMUTABLE : 'no-cache');
  response.setHeader('Last-Modified', lastModified);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (!immutable && request.headers['if-modified-since'] === lastModified) {
    response.statusCode = 304;
    response.end();
    return;
  }
  response.setHeader('Content-Type', contentTypeFor(filePath));
  response.setHeader('Content-Length', file.size);
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  const stream = createReadStream(filePath);
  // Headers are already out; the best we can do on a read error is to cut the response short.
  stream.on('error', () => response.destroy());
  stream.pipe(response);
}

async function sendIndex(request: IncomingMessage, response: ServerResponse, rootDir: string) {
  const body = await readFile(join(rootDir, 'index.html')).catch(() => undefined);
  if (body === undefined) return sendNotBuilt(response);
  response.statusCode = 200;
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.setHeader('Content-Length', body.length);
  response.setHeader('Cache-Control', 'no-cache');
  setHtmlSecurityHeaders(response);
  response.end(request.method === 'HEAD' ? undefined : body);
}

function sendNotBuilt(response: ServerResponse): void {
  const body =
    '<!doctype html><meta charset="utf-8"><title>Agent Workbench</title>' +
    '<p>The web app is not built yet. Run <code>npm run build</code> in the Agent Workbench folder, then reload.</p>';
  response.statusCode = 503;
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  setHtmlSecurityHeaders(response);
  response.setHeader('Cache-Control', 'no-store');
  response.end(body);
}
