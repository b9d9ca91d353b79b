import type { ActionOfKind, ObservationOfKind } from '../api/wire-types';
import { SecretText } from '../components/secret-text';
import { contentText } from './content-text';
import { FileDiff } from './file-diff';

/**
 * A memory proposal as a diff card: the lines the agent wants appended to MEMORY.md, shown as added
 * lines, and once answered what happened (written, or why not). The person accepts or rejects it in
 * the approval dialog; nothing is written before that.
 */
export function MemoryProposalBody({
  action,
  observation,
}: {
  action: ActionOfKind<'MemoryProposeAction'>;
  observation?: ObservationOfKind<'MemoryProposeObservation'>;
}) {
  return (
    <div className="file-edit" data-testid="memory-proposal">
      <div className="file-edit__path">
        <span className="file-edit__path-text">MEMORY.md</span>
        <span className="patch-files__type">{observation ? 'appended' : 'proposed addition'}</span>
      </div>
      <FileDiff oldText="" newText={action.addition} />
      {observation?.is_error ? (
        <pre className="file-edit__error">
          <SecretText text={contentText(observation.content)} />
        </pre>
      ) : null}
    </div>
  );
}
