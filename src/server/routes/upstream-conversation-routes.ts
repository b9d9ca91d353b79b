import type { ServerContext, ZodApp } from '../server-context';

/** Placeholder: filled in by the upstream-compatibility work (issue 12). */
export function registerUpstreamConversationRoutes(_app: ZodApp, _context: ServerContext): void {}
