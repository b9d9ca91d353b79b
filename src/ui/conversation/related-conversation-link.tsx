import { useQuery } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';

/**
 * "<label> <title>": a link from a conversation's header to one it came from (the conversation it
 * was branched from, the parent whose sub-agent it is).
 */
export function RelatedConversationLink({
  conversationId,
  label,
  icon: Icon,
  testId,
}: {
  conversationId: string;
  label: string;
  icon: LucideIcon;
  testId: string;
}) {
  const { client } = useApi();
  const source = useQuery({
    queryKey: ['conversation', conversationId],
    queryFn: ({ signal }) =>
      unwrap(client.GET('/api/conversations/{id}', { params: { path: { id: conversationId } }, signal })),
    retry: false,
  });
  return (
    <Link href={`/conversations/${conversationId}`} className="forked-from" data-testid={testId}>
      <Icon size={12} aria-hidden />
      <span>{label}</span>
      <span className="forked-from__title">
        {source.data?.title ?? (source.isError ? 'a deleted conversation' : '…')}
      </span>
    </Link>
  );
}
