/** What the ingress injects into index.html when bound to loopback (absent with --public). */
export interface WorkbenchConfig {
  sessionKey: string;
  defaultWorkspace?: string;
}

declare global {
  interface Window {
    __AGENT_WORKBENCH__?: Partial<WorkbenchConfig>;
  }
}

const STORED_KEY = 'agent-workbench.session-key';

/** The injected config, or null when the page was served without one. */
export function readInjectedConfig(source: Window = window): WorkbenchConfig | null {
  const injected = source.__AGENT_WORKBENCH__;
  if (!injected || typeof injected.sessionKey !== 'string' || injected.sessionKey === '') return null;
  return { sessionKey: injected.sessionKey, defaultWorkspace: injected.defaultWorkspace };
}

/** A key typed in by the person (--public mode), kept for this tab only. */
export function readStoredSessionKey(storage: Storage = sessionStorage): string | null {
  return storage.getItem(STORED_KEY);
}

export function storeSessionKey(key: string, storage: Storage = sessionStorage): void {
  storage.setItem(STORED_KEY, key);
}

export function forgetSessionKey(storage: Storage = sessionStorage): void {
  storage.removeItem(STORED_KEY);
}
