import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CONVERSATIONS_QUERY_KEY } from '../api/use-recent-conversations';
import type { ExecutionStatus } from '../api/wire-types';
import type { ConnectionStatus } from '../conversation-store/conversation-view-state';
import { useLiveConnection } from '../stores/live-connection-store';

/**
 * Tells the frame around the page what this conversation's socket and status are doing: the header's
 * connection indicator hears of a reconnect (cleared when the page closes), and the sidebar's list,
 * which shows each conversation's status, is refreshed when this one's changes.
 */
export function useShellStatusSync(connection: ConnectionStatus, status: ExecutionStatus | undefined): void {
  const queryClient = useQueryClient();
  const setSocketReconnecting = useLiveConnection((state) => state.setSocketReconnecting);
  useEffect(() => {
    setSocketReconnecting(connection === 'reconnecting');
    return () => setSocketReconnecting(false);
  }, [connection, setSocketReconnecting]);
  useEffect(() => {
    if (status) void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
  }, [status, queryClient]);
}
