import { AppWindow, FileDiff, SquareTerminal } from 'lucide-react';
import type { ToolPanel } from './tool-panel';

export type SidePanel = 'changes' | ToolPanel;

const PANELS: readonly { panel: SidePanel; label: string; title: string; Icon: typeof FileDiff }[] = [
  { panel: 'changes', label: 'Changes', title: 'Show the files the agent changed', Icon: FileDiff },
  {
    panel: 'terminal',
    label: 'Terminal',
    title: "Your own terminal in this conversation's sandbox",
    Icon: SquareTerminal,
  },
  {
    panel: 'preview',
    label: 'Preview',
    title: "Open an app running in this conversation's sandbox",
    Icon: AppWindow,
  },
];

/** The header's toggles for the side panels (wide screens): pressing the shown one closes it. */
export function SidePanelToggles({
  shown,
  onShow,
}: {
  shown: SidePanel | null;
  onShow: (panel: SidePanel) => void;
}) {
  return PANELS.map(({ panel, label, title, Icon }) => (
    <button
      key={panel}
      type="button"
      className={`changes-toggle ${shown === panel ? 'changes-toggle--on' : ''}`}
      aria-pressed={shown === panel}
      onClick={() => onShow(panel)}
      title={shown === 'changes' && panel === 'changes' ? 'Hide the files the agent changed' : title}
    >
      <Icon size={14} aria-hidden />
      {label}
    </button>
  ));
}

/** The tabs that take the place of the toggles on narrow screens: the transcript or one panel. */
export function SidePanelTabs({
  shown,
  onShow,
}: {
  shown: SidePanel | null;
  onShow: (panel: SidePanel | null) => void;
}) {
  return (
    <div className="conversation__tabs" role="tablist" aria-label="View">
      <button
        type="button"
        role="tab"
        className="conversation__tab"
        aria-selected={shown === null}
        onClick={() => onShow(null)}
      >
        Transcript
      </button>
      {PANELS.map(({ panel, label }) => (
        <button
          key={panel}
          type="button"
          role="tab"
          className="conversation__tab"
          aria-selected={shown === panel}
          onClick={() => {
            if (shown !== panel) onShow(panel);
          }}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
