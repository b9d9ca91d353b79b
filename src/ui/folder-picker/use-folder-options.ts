import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { useRecentConversations } from '../api/use-recent-conversations';
import { useDebouncedValue } from '../history/use-debounced-value';
import type { FolderOption } from './folder-combobox';
import { folderQuery, narrowFolders } from './folder-query';
import { recentFolders } from './recent-folders';

/**
 * The picker's options for what is typed: the recent conversations' folders, then the sub-folders of
 * the folder the path points into (the workspace API's `search_subdirs`, or the home folder's for
 * empty text), asked once typing pauses. A folder the API refuses or that does not exist lists none.
 */
export function useFolderOptions(typed: string): { options: FolderOption[]; loading: boolean } {
  const { client } = useApi();
  const conversations = useRecentConversations();
  const settled = useDebouncedValue(typed, 150);
  const { parent, prefix } = folderQuery(settled);
  const home = useQuery({
    queryKey: ['folders', 'home'],
    queryFn: ({ signal }) => unwrap(client.GET('/api/file/home', { signal })),
    staleTime: 60_000,
    retry: false,
  });
  const listed = useQuery({
    queryKey: ['folders', parent],
    enabled: parent !== undefined,
    queryFn: ({ signal }) =>
      unwrap(client.GET('/api/file/search_subdirs', { params: { query: { path: parent ?? '/' } }, signal })),
    staleTime: 10_000,
    retry: false,
  });
  const options = useMemo(() => {
    const recent = recentFolders(conversations.data?.items ?? [], settled);
    const here =
      parent === undefined
        ? (home.data?.favorites ?? []).map((entry) => ({ name: entry.label, path: entry.path }))
        : (listed.data?.items ?? []);
    const folders = narrowFolders(here, prefix)
      .filter((folder) => !recent.includes(folder.path))
      .slice(0, 50);
    return [
      ...recent.map((path) => ({ path, label: path, recent: true })),
      ...folders.map((folder) => ({ path: folder.path, label: folder.name, recent: false })),
    ];
  }, [conversations.data, settled, parent, prefix, home.data, listed.data]);
  return { options, loading: parent === undefined ? home.isPending : listed.isPending };
}
