import { BookOpen } from 'lucide-react';
import { SkillsDialog } from './skills-dialog';
import { useSkillsDialog } from './skills-dialog-store';

/** The header's way to the skills this conversation's agent can load. */
export function SkillsButton({ conversationId }: { conversationId: string }) {
  const open = useSkillsDialog((state) => state.open);
  const setOpen = useSkillsDialog((state) => state.setOpen);
  return (
    <>
      <button
        type="button"
        className="skills-button"
        onClick={() => setOpen(true)}
        aria-label="Skills"
        title="The skills the agent can load"
      >
        <BookOpen size={14} aria-hidden />
      </button>
      {open ? <SkillsDialog conversationId={conversationId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
