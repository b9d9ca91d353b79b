import { Box, ShieldOff } from 'lucide-react';
import type { components } from '../../client/schema';

type SandboxKind = NonNullable<components['schemas']['ConversationInfo']['sandbox']>;

const LABELS: Record<SandboxKind, { text: string; title: string }> = {
  bubblewrap: { text: 'bubblewrap', title: "Commands run in a bubblewrap sandbox on this machine's kernel" },
  docker: { text: 'container', title: 'Commands run in a Docker container of this conversation' },
  none: {
    text: 'no sandbox',
    title: 'The sandbox is turned off: commands run with full access to this machine',
  },
};

/** A small, calm label naming the sandbox the conversation's commands run in (and a container's image). */
export function SandboxLabel({ kind, image }: { kind: SandboxKind; image?: string | null | undefined }) {
  const label = LABELS[kind];
  const title = kind === 'docker' && image ? `${label.title} (image ${image})` : label.title;
  const Icon = kind === 'none' ? ShieldOff : Box;
  return (
    <span className={`sandbox-label sandbox-label--${kind}`} title={title} data-testid="sandbox-label">
      <Icon size={12} aria-hidden />
      <span>{label.text}</span>
    </span>
  );
}
