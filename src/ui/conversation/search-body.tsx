import type { ObservationOfKind } from '../api/wire-types';
import { SecretText } from '../components/secret-text';
import { contentText } from './content-text';
import { FullOutputLink } from './full-output-link';

type SearchObservation =
  | ObservationOfKind<'GrepObservation'>
  | ObservationOfKind<'GlobObservation'>
  | ObservationOfKind<'ListDirObservation'>;

/** What grep, glob or list_dir answered, folded: a person rarely needs the listing the model read. */
export function SearchBody({ observation }: { observation?: SearchObservation }) {
  if (observation === undefined) return null;
  const text = contentText(observation.content);
  if (observation.is_error) return <p className="action-card__error">{text}</p>;
  const firstLine = text.split('\n', 1)[0] ?? '';
  return (
    <details className="card-details">
      <summary>{firstLine}</summary>
      <pre className="plain-output">
        <SecretText text={text} />
      </pre>
      <FullOutputLink observation={observation} title={firstLine} />
    </details>
  );
}
