import { useQuery } from '@tanstack/react-query';
import { GitBranch } from 'lucide-react';
import { Link } from 'wouter';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';

/** "Branched from <source>": a link back to the conversation this one was forked from. */
export function ForkedFromLink({ sourceId }: { sourceId: string }) {
  const { client } = useApi();
  const source = useQuery({
    queryKey: ['conversation', sourceId],
    queryFn: ({ signal }) =>
      unwrap(client.GET('/api/conversations/{id}', { params: { path: { id: sourceId } }, signal })),
    retry: false,
  });
  return (
    <Link href={`/conversations/${sourceId}`} className="forked-from" data-testid="forked-from">
      <GitBranch size={12} aria-hidden />
      <span>Branched from</span>
      <span className="forked-from__title">
        {source.data?.title ?? (source.isError ? 'a deleted conversation' : '…')}
      </span>
    </Link>
  );
}
