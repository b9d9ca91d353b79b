import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAutomationClient } from './use-automations';

const TYPING_PAUSE_MS = 300;

/**
 * The service's reading of a schedule while it is typed: a sentence and the next times, or its
 * refusal. Asked once typing pauses, so each keystroke does not cost a request.
 */
export function useSchedulePreview(cron: string, timezone: string, enabled: boolean) {
  const client = useAutomationClient();
  const [settled, setSettled] = useState({ cron, timezone });
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ cron, timezone }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [cron, timezone]);
  return useQuery({
    queryKey: ['automations', 'preview', settled.cron, settled.timezone],
    enabled: enabled && settled.cron.trim() !== '' && settled.timezone.trim() !== '',
    queryFn: async () => {
      const answer = await client.preview({ cron: settled.cron.trim(), timezone: settled.timezone.trim() });
      return answer.data
        ? { ok: true as const, ...answer.data }
        : { ok: false as const, error: answer.error as { detail?: unknown } | undefined };
    },
    placeholderData: (previous) => previous,
    retry: false,
  });
}
