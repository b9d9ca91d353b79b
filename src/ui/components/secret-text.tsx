import { Fragment } from 'react';
import { splitSecrets } from './split-secrets';
import './secret-pill.css';

/** Plain text (terminal output, commands) with each masked secret shown as a "secret hidden" pill. */
export function SecretText({ text }: { text: string }) {
  const pieces = splitSecrets(text);
  if (pieces.length === 1 && typeof pieces[0] === 'string') return <>{text}</>;
  return (
    <>
      {pieces.map((piece, index) =>
        typeof piece === 'string' ? (
          // Pieces never move or reorder: the index is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fragment key={index}>{piece}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index} className="secret-pill" title={`Secret hidden: ${piece.secret}`}>
            secret hidden
          </span>
        ),
      )}
    </>
  );
}
