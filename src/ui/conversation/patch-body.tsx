import type { ActionOfKind, ObservationOfKind } from '../api/wire-types';
import { SecretText } from '../components/secret-text';
import { contentText } from './content-text';
import { DiffStat, FileDiff } from './file-diff';

type PatchChange = ObservationOfKind<'ApplyPatchObservation'>['changes'][number];

const TYPE_LABELS: Record<PatchChange['type'], string> = {
  add: 'added',
  update: 'changed',
  delete: 'deleted',
};

/**
 * One card for a whole apply_patch call: each file it changed with its line diff, or, when the patch
 * failed (nothing changed), the error. Before it ran, the patch text as the model wrote it.
 */
export function PatchBody({
  action,
  observation,
}: {
  action: ActionOfKind<'ApplyPatchAction'>;
  observation?: ObservationOfKind<'ApplyPatchObservation'>;
}) {
  if (observation === undefined)
    return (
      <pre className="plain-output" data-testid="patch-text">
        <SecretText text={action.patch} />
      </pre>
    );
  if (observation.is_error)
    return (
      <div className="file-edit file-edit--failed" data-testid="patch-failed">
        <pre className="file-edit__error">
          <SecretText text={contentText(observation.content) || 'The patch did not apply.'} />
        </pre>
      </div>
    );
  return (
    <div className="patch-files" data-testid="patch-diff">
      {observation.changes.map((change) => (
        <PatchFile key={`${change.type}:${change.path}`} change={change} />
      ))}
    </div>
  );
}

function PatchFile({ change }: { change: PatchChange }) {
  const oldText = change.old_content ?? '';
  const newText = change.new_content ?? '';
  const known =
    change.type === 'delete' ? change.old_content !== undefined : change.new_content !== undefined;
  return (
    <div className="file-edit">
      <div className="file-edit__path">
        <span className="file-edit__path-text">
          {change.move_path ? `${change.path} → ${change.move_path}` : change.path}
        </span>
        <span className="patch-files__type">{TYPE_LABELS[change.type]}</span>
        {known ? <DiffStat oldText={oldText} newText={newText} /> : null}
      </div>
      {known ? (
        <FileDiff oldText={oldText} newText={newText} />
      ) : (
        <p className="card-note">Too large to show.</p>
      )}
    </div>
  );
}
