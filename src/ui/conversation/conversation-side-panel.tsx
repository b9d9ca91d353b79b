import { LoaderCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { Event } from '../api/wire-types';
import { ChangesPanel } from '../changes/changes-panel';
import type { RestoreTarget } from '../changes/restore-dialog';
import { PreviewPanel } from '../preview/preview-panel';
import type { SidePanel } from './side-panel-switches';

// xterm.js is the largest thing the page could load: only when the Terminal tab opens.
const TerminalPanel = lazy(() =>
  import('../terminal/terminal-panel').then((module) => ({ default: module.TerminalPanel })),
);

/** The side panel beside the transcript: the changed files, the person's terminal, or the app preview. */
export function ConversationSidePanel({
  panel,
  conversationId,
  events,
  running,
  onRestore,
}: {
  panel: SidePanel | null;
  conversationId: string;
  events: readonly Event[];
  /** The agent is working: the changes panel offers no restore then. */
  running: boolean;
  onRestore: (target: RestoreTarget) => void;
}) {
  if (panel === 'changes') {
    return (
      <aside className="conversation__side">
        <ChangesPanel
          conversationId={conversationId}
          events={events}
          running={running}
          onRestore={onRestore}
        />
      </aside>
    );
  }
  if (panel === 'terminal') {
    return (
      <aside className="conversation__side conversation__side--wide">
        <Suspense fallback={<LoaderCircle size={18} className="spin" aria-label="Loading the terminal" />}>
          <TerminalPanel conversationId={conversationId} />
        </Suspense>
      </aside>
    );
  }
  if (panel === 'preview') {
    return (
      <aside className="conversation__side conversation__side--wide">
        <PreviewPanel conversationId={conversationId} />
      </aside>
    );
  }
  return null;
}
