import { useState } from 'react';
import { useParams } from 'wouter';
import type { ObservationOfKind } from '../api/wire-types';
import { contentText } from './content-text';
import { FullOutputDialog } from './full-output-dialog';

/** The terminal tool's note where it cut an output: `[... 1,234 characters (56 lines) cut from the middle of …`. */
const CUT_NOTE = /\[\.\.\. (\d[\d,]*) characters \((\d+) lines?\) cut from the middle/;

/** What the observation says was cut: "12,345 lines cut", or undefined when it does not say. */
export function describeCut(text: string): string | undefined {
  const match = CUT_NOTE.exec(text);
  if (!match) return undefined;
  const lines = Number(match[2]);
  if (lines > 0) return `${lines.toLocaleString('en-US')} ${lines === 1 ? 'line' : 'lines'} cut`;
  return `${Number(match[1]?.replaceAll(',', '')).toLocaleString('en-US')} characters cut`;
}

/** "Show full output (N lines cut)" under a terminal output or a search the model only saw the start and end of. */
export function FullOutputLink({
  observation,
  title,
}: {
  observation: Pick<ObservationOfKind<'TerminalObservation'>, 'content' | 'full_output_path'>;
  /** What printed it, for the dialog's title: the terminal's command by default. */
  title?: string;
}) {
  const { id: conversationId } = useParams<{ id?: string }>();
  const [open, setOpen] = useState(false);
  const path = observation.full_output_path;
  if (path === undefined || conversationId === undefined) return null;
  const cut = describeCut(contentText(observation.content));
  return (
    <>
      <button
        type="button"
        className="full-output-link"
        data-testid="full-output-link"
        title="The model saw only the start and end of this output; the whole of it was saved"
        onClick={() => setOpen(true)}
      >
        {cut ? `Show full output (${cut})` : 'Show full output'}
      </button>
      {open ? (
        <FullOutputDialog
          conversationId={conversationId}
          path={path}
          command={title ?? ('command' in observation ? String(observation.command) : '')}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
