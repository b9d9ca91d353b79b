import type {
  Automation,
  AutomationInput,
  AutomationPatch,
  AutomationRun,
  ScheduleInput,
  SchedulePreview,
} from './automation-types';

/** An answer in openapi-fetch's shape, so the UI's `unwrap` reads both clients alike. */
export interface AutomationAnswer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

export interface AutomationClient {
  list(): Promise<AutomationAnswer<{ items: Automation[] }>>;
  get(id: string): Promise<AutomationAnswer<Automation>>;
  create(input: AutomationInput): Promise<AutomationAnswer<Automation>>;
  update(id: string, patch: AutomationPatch): Promise<AutomationAnswer<Automation>>;
  remove(id: string): Promise<AutomationAnswer<null>>;
  runNow(id: string): Promise<AutomationAnswer<AutomationRun>>;
  runs(id: string): Promise<AutomationAnswer<{ items: AutomationRun[] }>>;
  preview(schedule: ScheduleInput): Promise<AutomationAnswer<SchedulePreview>>;
}

/**
 * The automation service's REST client (CONTRACT §3b), through the ingress at /api/automation.
 * Like createApiClient: the session key header when given, else same-origin credentials (the
 * cookie). Never throws for an HTTP error; a network failure rejects, as fetch does.
 */
export function createAutomationClient(options: {
  baseUrl: string;
  sessionKey?: string;
  fetch?: typeof globalThis.fetch;
}): AutomationClient {
  const send = options.fetch ?? globalThis.fetch;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<AutomationAnswer<T>> => {
    const response = await send(`${options.baseUrl}/api/automation${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(options.sessionKey === undefined ? {} : { 'X-Session-API-Key': options.sessionKey }),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json: unknown = text ? parseJson(text) : null;
    return response.ok ? { data: json as T, response } : { error: json ?? undefined, response };
  };
  const automation = (id: string) => `/automations/${encodeURIComponent(id)}`;
  return {
    list: () => call('GET', '/automations'),
    get: (id) => call('GET', automation(id)),
    create: (input) => call('POST', '/automations', input),
    update: (id, patch) => call('PATCH', automation(id), patch),
    remove: (id) => call('DELETE', automation(id)),
    runNow: (id) => call('POST', `${automation(id)}/run`),
    runs: (id) => call('GET', `${automation(id)}/runs`),
    preview: (schedule) => call('POST', '/schedule-preview', schedule),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { detail: text }; // a proxy's plain-text answer (502 while restarting) still reads as a reason
  }
}
