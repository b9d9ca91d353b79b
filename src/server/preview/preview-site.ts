import { randomBytes } from 'node:crypto';

export interface PreviewTarget {
  conversationId: string;
  port: number;
}

/**
 * The preview origin's names: `http://p<port>-<token>.localhost:<site port>/` for port <port> of one
 * conversation's sandbox. The token is random per conversation and per runtime, so only a page that
 * read it from the authenticated API can name a preview; every previewed app is an origin of its own,
 * and none is the workbench's (a host-only cookie of `localhost` or `127.0.0.1` is never sent to it).
 */
export interface PreviewSite {
  /** The port the preview server listens on (loopback). */
  readonly port: number;
  urlOf(conversationId: string, port: number): string;
  /** The conversation and port a Host header names; undefined for any other Host. */
  targetOf(host: string | undefined): PreviewTarget | undefined;
}

const HOST_PATTERN = /^p(\d{1,5})-([0-9a-f]{32})\.localhost(?::(\d{1,5}))?$/;

export function createPreviewSite(port: number): PreviewSite {
  const tokens = new Map<string, string>();
  const conversations = new Map<string, string>();
  const tokenOf = (conversationId: string): string => {
    let token = tokens.get(conversationId);
    if (token === undefined) {
      token = randomBytes(16).toString('hex');
      tokens.set(conversationId, token);
      conversations.set(token, conversationId);
    }
    return token;
  };
  return {
    port,
    urlOf: (conversationId, target) => `http://p${target}-${tokenOf(conversationId)}.localhost:${port}/`,
    targetOf(host) {
      const match = HOST_PATTERN.exec(host?.toLowerCase() ?? '');
      if (!match) return undefined;
      const [, targetText, token, portText] = match;
      if (portText !== undefined && Number(portText) !== port) return undefined;
      const conversationId = conversations.get(token ?? '');
      const target = Number(targetText);
      if (conversationId === undefined || target < 1 || target > 65_535) return undefined;
      return { conversationId, port: target };
    },
  };
}
