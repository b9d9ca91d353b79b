import { useChangesPanelOpen } from '../changes/changes-panel-open';
import type { SidePanel } from './side-panel-switches';
import { useToolPanel } from './tool-panel';

/**
 * The one side panel shown beside the transcript, or null. Changes keeps its own remembered switch
 * and the tool panels theirs, so this reads both; `showSide` opens one and closes the others, and
 * choosing the shown one again closes it.
 */
export function useSidePanel(): { sidePanel: SidePanel | null; showSide: (panel: SidePanel | null) => void } {
  const changesOpen = useChangesPanelOpen((state) => state.open);
  const setChangesOpen = useChangesPanelOpen((state) => state.setOpen);
  const toolPanel = useToolPanel((state) => state.panel);
  const setToolPanel = useToolPanel((state) => state.setPanel);
  const sidePanel: SidePanel | null = toolPanel ?? (changesOpen ? 'changes' : null);
  const showSide = (panel: SidePanel | null) => {
    const next = panel === sidePanel ? null : panel;
    setChangesOpen(next === 'changes');
    setToolPanel(next === 'terminal' || next === 'preview' ? next : null);
  };
  return { sidePanel, showSide };
}
