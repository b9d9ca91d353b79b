/** The automation service's error catalogue: every expected refusal, its HTTP status and a stable code. */
export const AUTOMATION_ERROR_STATUS = {
  automation_not_found: 404,
  invalid_schedule: 422,
  invalid_workspace: 422,
  automation_disabled: 409,
  webhook_off: 404,
  invalid_token: 401,
  rate_limited: 429,
  run_not_found: 404,
  run_not_cancellable: 409,
  runtime_unreachable: 502,
  /** What the openhands-automation API offers and this service does not (plugins, tarballs, git sync). */
  not_available: 404,
} as const;

export type AutomationErrorCode = keyof typeof AUTOMATION_ERROR_STATUS;

export class AutomationError extends Error {
  override name = 'AutomationError';
  constructor(
    readonly code: AutomationErrorCode,
    message: string,
    /** The request field at fault, so a form can show the message beside it. */
    readonly field?: string,
    /** For `rate_limited`: seconds until a call may pass, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get status(): number {
    return AUTOMATION_ERROR_STATUS[this.code];
  }
}
