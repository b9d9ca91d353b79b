import { ChartColumn, FileText } from 'lucide-react';
import type { Event, Stats } from '../api/wire-types';
import { ModalDialog } from '../components/modal-dialog';
import { formatCost, formatLatency, formatPercent, formatTokens } from './format-usage';
import { cacheHitRate, metricsTotals, stepMetricsRows } from './step-metrics-rows';
import './metrics-panel.css';

/**
 * Every model call of the conversation's branch with its input, cached input, output, reasoning,
 * cost and latency, and the totals. Calls recorded before per-call figures existed are not listed;
 * the conversation's stats (which count them) stand beside the totals.
 */
export function MetricsPanel({
  events,
  stats,
  onClose,
  onShowModelContext,
}: {
  events: readonly Event[];
  stats: Stats | undefined;
  onClose: () => void;
  onShowModelContext: () => void;
}) {
  const rows = stepMetricsRows(events);
  const totals = metricsTotals(rows);
  const hitRate = stats ? cacheHitRate(stats) : null;
  return (
    <ModalDialog
      title="Usage by step"
      description={
        stats
          ? `${formatTokens(stats.prompt_tokens)} input · ${formatPercent(hitRate)} from cache · ${formatCost(stats.cost)} so far`
          : undefined
      }
      icon={<ChartColumn size={16} />}
      width={860}
      className="metrics-panel"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onShowModelContext}>
            <FileText size={14} aria-hidden /> What the model sees
          </button>
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {rows.length === 0 ? (
        <p className="metrics-panel__empty">No model call recorded yet.</p>
      ) : (
        <table className="metrics-panel__table" data-testid="metrics-table">
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col" className="metrics-panel__model">
                Model
              </th>
              <th scope="col">Input</th>
              <th scope="col">Cached</th>
              <th scope="col">Output</th>
              <th scope="col">Reasoning</th>
              <th scope="col">Cost</th>
              <th scope="col">Latency</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.eventId} data-testid="metrics-row">
                <th scope="row">
                  {index + 1}
                  {row.purpose === 'summary' ? <span className="metrics-panel__tag">summary</span> : null}
                </th>
                <td className="metrics-panel__model">{row.metrics.model}</td>
                <td>{formatTokens(row.metrics.prompt_tokens)}</td>
                <td>{formatTokens(row.metrics.cache_read_tokens)}</td>
                <td>{formatTokens(row.metrics.completion_tokens)}</td>
                <td>{formatTokens(row.metrics.reasoning_tokens)}</td>
                <td>{formatCost(row.metrics.cost)}</td>
                <td>{formatLatency(row.metrics.latency_ms)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="metrics-totals">
              <th scope="row">Total</th>
              <td className="metrics-panel__model">
                {totals.calls} call{totals.calls === 1 ? '' : 's'}
              </td>
              <td>{formatTokens(totals.prompt_tokens)}</td>
              <td>{formatTokens(totals.cache_read_tokens)}</td>
              <td>{formatTokens(totals.completion_tokens)}</td>
              <td>{formatTokens(totals.reasoning_tokens)}</td>
              <td>{formatCost(totals.cost)}</td>
              <td>{formatLatency(totals.latency_ms)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </ModalDialog>
  );
}
