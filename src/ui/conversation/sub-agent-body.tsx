import { Bot } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { useSubAgent } from '../api/use-sub-agent';
import type { ActionEvent, Observation } from '../api/wire-types';
import { formatCost } from './format-usage';
import { StatusDot } from '../components/status-dot';

type TaskAction = Extract<NonNullable<ActionEvent['action']>, { kind: 'TaskAction' }>;
type TaskObservation = Extract<Observation, { kind: 'TaskObservation' }>;

/**
 * A `task` call as a nested card: the child conversation's status, title and running cost, opening
 * it; once the call answered, what the child answered (or why it ended).
 */
export function SubAgentBody({
  event,
  action,
  observation,
  running,
}: {
  event: ActionEvent;
  action: TaskAction;
  observation: TaskObservation | undefined;
  running: boolean;
}) {
  const { id: parentId } = useParams<{ id?: string }>();
  const childId = observation?.task_id ? observation.task_id : undefined;
  const child = useSubAgent({ parentId, actionId: event.id, childId, live: running }).data;
  const answer = observation?.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return (
    <div className="sub-agent" data-testid="sub-agent-card">
      {child ? (
        <Link href={`/conversations/${child.id}`} className="sub-agent__link" data-testid="sub-agent-link">
          <Bot size={14} aria-hidden />
          <StatusDot status={child.execution_status} />
          <span className="sub-agent__title">{child.title}</span>
          {child.execution_status === 'waiting_for_confirmation' ? (
            <span className="sub-agent__waiting">waits for your approval</span>
          ) : null}
          <span className="sub-agent__cost" title="What the sub-agent spent">
            cost {formatCost(child.stats.cost)}
          </span>
        </Link>
      ) : running ? (
        <p className="sub-agent__pending">Starting the sub-agent…</p>
      ) : null}
      {action.tools ? <p className="sub-agent__tools">Tools: {action.tools.join(', ') || 'none'}</p> : null}
      {answer ? (
        <p className={`sub-agent__answer ${observation?.is_error ? 'sub-agent__answer--error' : ''}`}>
          {answer}
        </p>
      ) : null}
    </div>
  );
}
