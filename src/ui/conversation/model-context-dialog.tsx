import { CircleExclamationPoint, LoaderCircle, ScrollText } from 'lucide-react';
import { type ModelContext, useModelContext } from '../api/use-model-context';
import { ModalDialog } from '../components/modal-dialog';
import { SecretText } from '../components/secret-text';
import { formatTokens } from './format-usage';
import './model-context-dialog.css';

/**
 * Read-only: what the model reads before the conversation's history. The system prompt's static
 * part (the same for every conversation with these tools), its dynamic part (date, workspace,
 * instruction files) and each tool with its argument schema. Secrets arrive masked and show as pills.
 */
export function ModelContextDialog({
  conversationId,
  model,
  onClose,
}: {
  conversationId: string;
  model: string | undefined;
  onClose: () => void;
}) {
  const context = useModelContext(conversationId, model);
  const data = context.data;
  const window = data
    ? data.context_window === null
      ? `window unknown (condensing as if ${formatTokens(data.assumed_context_window)})`
      : `${formatTokens(data.context_window)} token window`
    : undefined;
  return (
    <ModalDialog
      title="What the model sees"
      description={data ? [data.model ?? 'no model set', window].join(' · ') : undefined}
      icon={<ScrollText size={16} />}
      width={900}
      className="model-context"
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {context.isPending ? (
        <p className="model-context__muted">
          <LoaderCircle size={14} className="spin" aria-hidden /> Loading…
        </p>
      ) : context.isError ? (
        <div className="notice notice--error" role="alert">
          <CircleExclamationPoint size={16} aria-hidden />
          <span>Could not load it: {context.error.message}</span>
        </div>
      ) : (
        <ModelContextBody data={context.data} />
      )}
    </ModalDialog>
  );
}

function ModelContextBody({ data }: { data: ModelContext }) {
  return (
    <>
      <section className="model-context__section" aria-labelledby="model-context-static">
        <h3 id="model-context-static">System prompt</h3>
        {data.system_prompt === null ? (
          <p className="model-context__muted">Recorded when the first run starts.</p>
        ) : (
          <pre className="model-context__text" data-testid="system-prompt-text">
            <SecretText text={data.system_prompt} />
          </pre>
        )}
      </section>
      {data.dynamic_context !== null ? (
        <section className="model-context__section" aria-labelledby="model-context-dynamic">
          <h3 id="model-context-dynamic">This conversation's part</h3>
          <pre className="model-context__text">
            <SecretText text={data.dynamic_context} />
          </pre>
        </section>
      ) : null}
      <section className="model-context__section" aria-labelledby="model-context-tools">
        <h3 id="model-context-tools">Tools ({data.tools.length})</h3>
        <ul className="model-context__tools">
          {data.tools.map((tool) => (
            <li key={tool.name}>
              <details>
                <summary>
                  <code>{tool.name}</code>
                  <span className="model-context__tool-description">{firstLine(tool.description)}</span>
                </summary>
                <pre className="model-context__text model-context__schema">
                  <SecretText text={`${tool.description}\n\n${JSON.stringify(tool.parameters, null, 2)}`} />
                </pre>
              </details>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
