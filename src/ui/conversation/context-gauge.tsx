import { formatTokens } from './format-usage';

/**
 * How full the model's window was at the last request: a small bar and `12k / 128k`. An unknown
 * window is said so (no bar that would pretend to a share); no request yet shows an empty bar.
 */
export function ContextGauge({
  used,
  window,
}: {
  used: number | undefined;
  window: number | null | undefined;
}) {
  const known = typeof window === 'number' && window > 0;
  const share = known && used !== undefined ? Math.min(1, used / window) : 0;
  const level = share >= 0.9 ? 'full' : share >= 0.7 ? 'high' : 'normal';
  const usedText = used === undefined ? '–' : formatTokens(used);
  const windowText = window === undefined ? '…' : known ? formatTokens(window) : 'unknown window';
  return (
    <span className="context-gauge" data-level={level}>
      {known ? (
        // The text beside it says the same in words; the bar is for the eye.
        <span className="context-gauge__track" aria-hidden data-share={share.toFixed(3)}>
          <span className="context-gauge__fill" style={{ width: `${Math.round(share * 100)}%` }} />
        </span>
      ) : null}
      <span className="context-gauge__text" data-testid="context-gauge-text">
        {usedText} / {windowText}
      </span>
    </span>
  );
}
