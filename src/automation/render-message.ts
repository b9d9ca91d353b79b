const PLACEHOLDER = /\{\{\s*payload((?:\.[A-Za-z0-9_-]+)*)\s*\}\}/g;

/**
 * Fills `{{payload.a.b}}` in an automation's first message from a webhook body. A field the body
 * lacks becomes empty text (a scheduled run has no body at all); objects and arrays are written as
 * JSON, so `{{payload}}` quotes the whole body. Pure.
 */
export function renderMessage(template: string, payload: unknown): string {
  return template.replace(PLACEHOLDER, (_match, path: string) => {
    const value = path
      .split('.')
      .filter((part) => part !== '')
      .reduce<unknown>((current, key) => (isRecord(current) ? current[key] : undefined), payload);
    if (value === undefined || value === null) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
