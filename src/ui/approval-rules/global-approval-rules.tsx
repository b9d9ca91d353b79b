import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { SETTINGS_QUERY_KEY, useSettings } from '../api/use-settings';
import type { ApprovalRuleInput, Settings } from '../api/wire-types';
import { ApprovalRulesEditor } from './approval-rules-editor';

/** The rules for every conversation (settings.json), saved as soon as they change. */
export function GlobalApprovalRules() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const save = useMutation({
    mutationFn: (rules: ApprovalRuleInput[]) =>
      unwrap(client.PATCH('/api/settings', { body: { approval_rules: rules } })),
    // Shown at once: a second change made before the first save answers must build on the first.
    // A refetch still under way (the one below, say) must not land on top of it with the old list.
    onMutate: async (rules) => {
      await queryClient.cancelQueries({ queryKey: SETTINGS_QUERY_KEY });
      queryClient.setQueryData<Settings>(SETTINGS_QUERY_KEY, (old) =>
        old ? { ...old, approval_rules: rules as Settings['approval_rules'] } : old,
      );
    },
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_QUERY_KEY, saved),
    // Not saved: show the rules as the runtime has them again, beside the error.
    onError: () => void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
  });
  // The approval dialog's "Always allow" adds rules from elsewhere: show the latest list.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
  }, [queryClient]);
  return (
    <ApprovalRulesEditor
      rules={settings.data?.approval_rules ?? []}
      onSave={(rules) => save.mutate(rules)}
      busy={save.isPending}
      error={save.error?.message}
      emptyText="No rules yet. “Always allow” in the approval dialog adds one; so does the form below."
    />
  );
}
