import { ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import type { EventOfKind } from '../api/wire-types';
import { SafeMarkdown } from '../markdown/safe-markdown';
import './condensation-divider.css';

/**
 * Where earlier context was condensed: a quiet divider saying how many events the model no longer
 * reads, which opens to the summary it reads instead (the model's text: untrusted, so Markdown
 * through SafeMarkdown like any message). The transcript above stays as it was; only the model's
 * view changed.
 */
export function CondensationDivider({ event }: { event: EventOfKind<'Condensation'> }) {
  const [open, setOpen] = useState(false);
  const summaryId = useId();
  const count = event.forgotten_event_ids.length;
  const reset = event.mode === 'hard_reset';
  // A hard reset kept only the task, the summary and the latest turn: say so, it explains a lot.
  const label = `${count} earlier ${count === 1 ? 'event' : 'events'} ${reset ? 'dropped to fit the model' : 'condensed'}`;
  const summary = event.summary?.trim();
  return (
    <div className="condensation" data-testid="condensation-divider">
      <div className="condensation__line">
        {summary ? (
          <button
            type="button"
            className="condensation__toggle"
            aria-expanded={open}
            aria-controls={summaryId}
            onClick={() => setOpen((value) => !value)}
            title={open ? 'Hide the summary the model reads' : 'Show the summary the model reads instead'}
          >
            <ChevronRight size={13} aria-hidden className="condensation__chevron" />
            {label}
          </button>
        ) : (
          <span className="condensation__label">{label}</span>
        )}
      </div>
      {summary && open ? (
        <section
          className="condensation__summary"
          id={summaryId}
          aria-label="Summary of the condensed events"
        >
          <p className="condensation__note">
            The model reads this summary in place of the events above it; they stay here for you.
          </p>
          <SafeMarkdown text={summary} />
        </section>
      ) : null}
    </div>
  );
}
