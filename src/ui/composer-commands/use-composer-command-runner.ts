import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { downloadExport } from '../history/download-export';
import { useModelPicker } from '../stores/model-picker-store';
import { useSkillsDialog } from '../skills/skills-dialog-store';
import type { ComposerCommandName } from './composer-commands';

const DONE_NOTICE_MS = 5000;

/** What a command that works in the background (condense, export) is doing or did. */
export type CommandNotice = { tone: 'busy' | 'done' | 'error'; text: string } | null;

/**
 * Runs the composer's slash commands for one conversation. `/branch` goes through the page's own
 * "Branch from here" flow (with its files dialog), so the page passes it in.
 */
export function useComposerCommandRunner(conversationId: string, onBranch: (() => void) | undefined) {
  const { client } = useApi();
  const [, navigate] = useLocation();
  const openModelPicker = useModelPicker((state) => state.setOpen);
  const openSkills = useSkillsDialog((state) => state.setOpen);
  const [notice, setNotice] = useState<CommandNotice>(null);
  // "Done" notes go after a while; errors stay until the next command.
  useEffect(() => {
    if (notice?.tone !== 'done') return;
    const timer = setTimeout(() => setNotice(null), DONE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const run = useCallback(
    (name: ComposerCommandName) => {
      setNotice(null);
      switch (name) {
        case 'new':
          navigate('/');
          return;
        case 'branch':
          if (onBranch) onBranch();
          else setNotice({ tone: 'error', text: 'There is nothing to branch from yet.' });
          return;
        case 'model':
          // The header's picker: this conversation's model, listed from the provider.
          openModelPicker(true);
          return;
        case 'skills':
          openSkills(true);
          return;
        case 'policy':
          focusPolicySwitcher();
          return;
        case 'condense':
          setNotice({ tone: 'busy', text: 'Condensing the history…' });
          unwrap(
            client.POST('/api/conversations/{id}/condense', {
              params: { path: { id: conversationId } },
              body: {},
            }),
          ).then(
            () => setNotice({ tone: 'done', text: 'History condensed.' }),
            (error: unknown) => setNotice({ tone: 'error', text: `Could not condense: ${messageOf(error)}` }),
          );
          return;
        case 'export':
          setNotice({ tone: 'busy', text: 'Preparing the export…' });
          downloadExport(client, conversationId, 'md').then(
            (filename) => setNotice({ tone: 'done', text: `Downloaded ${filename}` }),
            (error: unknown) => setNotice({ tone: 'error', text: `Could not export: ${messageOf(error)}` }),
          );
          return;
      }
    },
    [client, conversationId, navigate, onBranch, openModelPicker, openSkills],
  );
  return { run, notice, clearNotice: () => setNotice(null) };
}

/** The header's approval-policy select: focused, and its list opened where the browser allows it. */
function focusPolicySwitcher(): void {
  const select = document.querySelector<HTMLSelectElement>('select[aria-label="Approval policy"]');
  if (!select) return;
  select.focus();
  try {
    select.showPicker();
  } catch {
    // showPicker needs a user gesture and a recent browser; focus alone is enough to change it.
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
