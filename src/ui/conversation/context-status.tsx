import { useState } from 'react';
import { useModelContext } from '../api/use-model-context';
import type { Event, Stats } from '../api/wire-types';
import { ContextGauge } from './context-gauge';
import { formatCost, formatPercent } from './format-usage';
import { MetricsPanel } from './metrics-panel';
import { ModelContextDialog } from './model-context-dialog';
import { cacheHitRate, lastRequestTokens } from './step-metrics-rows';
import './context-status.css';

/**
 * The status line's usage: the context gauge (opens what the model sees), and the cost so far with
 * the cache hit rate (opens the usage by step). Cost says `unknown` when a call's price is unknown.
 */
export function ContextStatus({
  conversationId,
  model,
  events,
  stats,
}: {
  conversationId: string;
  model: string | undefined;
  /** The active branch: the gauge reads its latest step. */
  events: readonly Event[];
  stats: Stats | undefined;
}) {
  const [open, setOpen] = useState<'metrics' | 'model-context' | null>(null);
  const context = useModelContext(conversationId, model);
  const window = context.isError ? null : context.data?.context_window;
  const used = lastRequestTokens(events);
  return (
    <span className="context-status">
      <button
        type="button"
        className="context-status__button"
        onClick={() => setOpen('model-context')}
        title="Context used by the last request, against the model's window. Show what the model sees."
        data-testid="context-gauge"
      >
        <ContextGauge used={used} window={window} />
      </button>
      {stats ? (
        <button
          type="button"
          className="context-status__button"
          onClick={() => setOpen('metrics')}
          title="Cost so far and the share of input read from the prompt cache. Show usage by step."
          data-testid="conversation-stats"
        >
          <span data-testid="conversation-cost">{formatCost(stats.cost)}</span>
          <span className="context-status__cache">
            <span className="status-line__sep">·</span>
            <span data-testid="cache-hit-rate">{formatPercent(cacheHitRate(stats))} cached</span>
          </span>
        </button>
      ) : null}
      {open === 'metrics' ? (
        <MetricsPanel
          events={events}
          stats={stats}
          onClose={() => setOpen(null)}
          onShowModelContext={() => setOpen('model-context')}
        />
      ) : null}
      {open === 'model-context' ? (
        <ModelContextDialog conversationId={conversationId} model={model} onClose={() => setOpen(null)} />
      ) : null}
    </span>
  );
}
