import type { ActionOfKind, ObservationOfKind } from '../api/wire-types';
import { SecretText } from '../components/secret-text';
import { contentImages, contentText } from './content-text';

/** The arguments an MCP tool was called with and, once it answered, its text (or why it failed). */
export function MCPToolBody({
  action,
  observation,
  running,
}: {
  action: ActionOfKind<'MCPToolAction'>;
  observation?: ObservationOfKind<'MCPToolObservation'>;
  running?: boolean;
}) {
  const argumentsText =
    Object.keys(action.arguments).length > 0 ? JSON.stringify(action.arguments, null, 2) : '';
  const result = observation ? contentText(observation.content) : '';
  const images = observation ? contentImages(observation.content).length : 0;
  return (
    <div className={`mcp-call ${observation?.is_error ? 'mcp-call--failed' : ''}`}>
      {argumentsText ? (
        <section className="mcp-call__part" aria-label="Arguments">
          <span className="mcp-call__label">Arguments</span>
          <pre className="plain-output mcp-call__arguments">
            <SecretText text={argumentsText} />
          </pre>
        </section>
      ) : null}
      {observation ? (
        <section className="mcp-call__part" aria-label="Result">
          <span className="mcp-call__label">{observation.is_error ? 'Failed' : 'Result'}</span>
          {result ? (
            <pre className="plain-output mcp-call__result" data-testid="mcp-result">
              <SecretText text={result} />
            </pre>
          ) : null}
          {images > 0 ? (
            <span className="mcp-call__note">
              {images === 1 ? 'and an image' : `and ${images} images`} for the model
            </span>
          ) : null}
          {!result && images === 0 ? <span className="mcp-call__note">No content</span> : null}
        </section>
      ) : running ? (
        <span className="mcp-call__note">Waiting for the server…</span>
      ) : null}
    </div>
  );
}
