import { CircleCheck, CircleExclamationPoint } from 'lucide-react';
import type { ConnectionTestResult } from './use-test-connection';

/** What "Test connection" found: the model answered (and how fast), the provider refused, or the call failed. */
export function TestConnectionResult({
  result,
  error,
}: {
  result: ConnectionTestResult | undefined;
  error: string | undefined;
}) {
  if (error) {
    return (
      <div className="notice notice--error" role="alert" data-testid="connection-test-result">
        <CircleExclamationPoint size={16} aria-hidden />
        <span>{error}</span>
      </div>
    );
  }
  if (!result) return null;
  if (result.ok) {
    return (
      <div className="notice notice--success" role="status" data-testid="connection-test-result">
        <CircleCheck size={16} aria-hidden />
        <span>
          Connected: <strong>{result.model}</strong> answered in {Math.round(result.latency_ms)} ms.
        </span>
      </div>
    );
  }
  return (
    <div className="notice notice--error" role="alert" data-testid="connection-test-result">
      <CircleExclamationPoint size={16} aria-hidden />
      <span>
        <strong>Connection failed.</strong> {result.detail}
      </span>
    </div>
  );
}
