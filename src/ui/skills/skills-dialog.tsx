import { useQuery } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import { useApi } from '../api/api-context';
import { describeApiError, unwrap } from '../api/describe-api-error';
import { ModalDialog } from '../components/modal-dialog';
import './skills.css';

/** The skills a conversation's agent can load: what each is for, where it comes from, what triggers it. */
export function SkillsDialog({ conversationId, onClose }: { conversationId: string; onClose: () => void }) {
  const { client } = useApi();
  const skills = useQuery({
    queryKey: ['conversation', conversationId, 'skills'],
    queryFn: () =>
      unwrap(client.GET('/api/conversations/{id}/skills', { params: { path: { id: conversationId } } })),
    select: (data) => data.items,
  });
  return (
    <ModalDialog
      title="Skills"
      icon={<BookOpen size={16} />}
      onClose={onClose}
      width={560}
      className="skills"
    >
      <p className="skills__intro">
        The agent loads a skill when a task matches it, or at once when your message contains one of its
        trigger words. Add your own as <code>SKILL.md</code> files in the workspace's{' '}
        <code>.agents/skills/&lt;name&gt;/</code>.
      </p>
      {skills.isPending ? <p className="skills__note">Reading the skills…</p> : null}
      {skills.isError ? (
        <p className="skills__note" role="alert">
          Could not read the skills: {describeApiError(skills.error)}
        </p>
      ) : null}
      {skills.data && skills.data.length === 0 ? (
        <p className="skills__note">No skills in this workspace yet.</p>
      ) : null}
      {skills.data && skills.data.length > 0 ? (
        <ul className="skills__list">
          {skills.data.map((skill) => (
            <li key={skill.name} className="skills__item">
              <div className="skills__head">
                <span className="skills__name">{skill.name}</span>
                <span className="skills__source">{skill.source === 'user' ? 'yours' : 'workspace'}</span>
              </div>
              <p className="skills__description">{skill.description}</p>
              <p className="skills__meta">
                <code>{skill.location}</code>
                {skill.triggers.length > 0 ? <> · triggers: {skill.triggers.join(', ')}</> : null}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </ModalDialog>
  );
}
