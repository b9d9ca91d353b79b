import { type ClassifiedFailure, type FailureContext, classifyFailure } from './classify-failure';
import { LLMError, type LLMDelta } from './llm';
import type { ModelCallOptions, ProviderModel } from './model-types';
import { type StreamedCompletion, streamCompletion } from './stream-completion';

export interface AttemptInput {
  model: ProviderModel;
  callOptions: Omit<ModelCallOptions, 'abortSignal'>;
  onDelta: (delta: LLMDelta) => void;
  /** The caller's cancel: settles the attempt at once as `aborted`. */
  signal?: AbortSignal;
  /** Longest silence allowed (before the first part and between parts) before giving up as `timeout`. */
  idleTimeoutMs: number;
  context: FailureContext;
}

export type AttemptOutcome =
  | { ok: true; value: StreamedCompletion }
  | { ok: false; failure: ClassifiedFailure };

/**
 * One guarded model call: never rejects, and settles as soon as the caller aborts or the stream goes
 * quiet for `idleTimeoutMs`, without waiting for the HTTP layer to notice (the in-flight request is
 * aborted underneath). No delta is forwarded once the attempt was interrupted.
 */
export async function attemptCompletion(input: AttemptInput): Promise<AttemptOutcome> {
  const controller = new AbortController();
  let interruption: ClassifiedFailure | undefined;
  let wake: (failure: ClassifiedFailure) => void = () => undefined;
  const interrupted = new Promise<ClassifiedFailure>((resolve) => {
    wake = resolve;
  });
  const interrupt = (failure: ClassifiedFailure) => {
    if (interruption) return;
    interruption = failure;
    controller.abort();
    wake(failure);
  };
  const onCallerAbort = () =>
    interrupt({ error: new LLMError('aborted', 'The model call was cancelled.'), retryable: false });
  const seconds = Math.round(input.idleTimeoutMs / 1000);
  const onIdle = () =>
    interrupt({
      error: new LLMError(
        'timeout',
        `The model sent nothing for ${seconds} s, even after retrying. Check that the server is not overloaded, then try again.`,
      ),
      retryable: true,
    });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const armIdleTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(onIdle, input.idleTimeoutMs);
  };

  if (input.signal?.aborted) onCallerAbort();
  input.signal?.addEventListener('abort', onCallerAbort, { once: true });
  armIdleTimer();
  try {
    const call = streamCompletion(
      input.model,
      { ...input.callOptions, abortSignal: controller.signal },
      (delta) => {
        if (!interruption) input.onDelta(delta);
      },
      armIdleTimer,
    );
    const settled = call.then(
      (value): AttemptOutcome => ({ ok: true, value }),
      (cause: unknown): AttemptOutcome => ({ ok: false, failure: classifyFailure(cause, input.context) }),
    );
    const outcome = await Promise.race([
      settled,
      interrupted.then((failure): AttemptOutcome => ({ ok: false, failure })),
    ]);
    // An abort makes the HTTP layer fail too; the reason we aborted is the truth, not its echo.
    return interruption ? { ok: false, failure: interruption } : outcome;
  } finally {
    clearTimeout(timer);
    input.signal?.removeEventListener('abort', onCallerAbort);
  }
}
