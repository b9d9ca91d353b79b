import { useEffect, useRef } from 'react';
import { useSettings } from '../api/use-settings';
import { isModelConfigured } from './is-model-configured';
import { SettingsDialog } from './settings-dialog';
import { useSettingsDialog } from '../stores/settings-dialog-store';

/** Renders the settings dialog when asked, and opens it once by itself when no model is configured. */
export function SettingsDialogHost() {
  const settings = useSettings();
  const { open, reason, show, hide } = useSettingsDialog();
  const openedForFirstRun = useRef(false);

  useEffect(() => {
    if (openedForFirstRun.current || !settings.data || isModelConfigured(settings.data)) return;
    openedForFirstRun.current = true;
    show('Welcome! Choose the model the agent should use. You can change this any time from the header.');
  }, [settings.data, show]);

  if (!open || !settings.data) return null;
  return <SettingsDialog settings={settings.data} reason={reason} onClose={hide} />;
}
