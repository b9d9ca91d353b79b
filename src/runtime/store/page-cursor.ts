import { StoreError } from './event-store';

/**
 * Opaque page ids: base64url JSON of the position after the last item served. Callers must treat them
 * as opaque; a page id that does not decode throws StoreError `invalid_page_id`.
 */
export function encodePageId(position: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

export function decodePageId(pageId: string): Record<string, unknown> {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(pageId, 'base64url').toString('utf8'));
    if (typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded)) {
      return decoded as Record<string, unknown>;
    }
  } catch {
    // Falls through to the error below: a page id that is not our JSON is the caller's mistake.
  }
  throw new StoreError('invalid_page_id', 'page_id is not a page id this store issued');
}

export function pageIdNumber(position: Record<string, unknown>, key: string): number {
  const value = position[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new StoreError('invalid_page_id', 'page_id is not a page id this store issued');
  }
  return value;
}

export function pageIdString(position: Record<string, unknown>, key: string): string {
  const value = position[key];
  if (typeof value !== 'string')
    throw new StoreError('invalid_page_id', 'page_id is not a page id this store issued');
  return value;
}
