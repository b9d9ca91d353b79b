import { ExternalLink, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { usePreviewPorts } from './use-preview-ports';
import './preview-panel.css';

/**
 * An app running in the conversation's sandbox, shown from the preview origin (another port, one
 * host per conversation and port): the app can neither read the workbench's cookie nor call its API.
 * An address bar for the path, reload, and open in a new tab.
 */
export function PreviewPanel({ conversationId }: { conversationId: string }) {
  const preview = usePreviewPorts(conversationId);
  const ports = preview.data?.ports ?? [];
  const [port, setPort] = useState<number | undefined>();
  const [path, setPath] = useState('/');
  const [shown, setShown] = useState('/');
  const [reloads, setReloads] = useState(0);
  const chosen = ports.find((entry) => entry.port === port) ?? ports[0];
  useEffect(() => {
    if (port === undefined && ports[0]) setPort(ports[0].port);
  }, [port, ports]);
  const base = chosen?.url.replace(/\/$/, '');
  const address = base === undefined ? undefined : `${base}${shown.startsWith('/') ? shown : `/${shown}`}`;

  return (
    <section className="preview-panel" aria-label="Preview" data-testid="preview-panel">
      <form
        className="preview-panel__bar"
        onSubmit={(event) => {
          event.preventDefault();
          setShown(path);
          setReloads((count) => count + 1);
        }}
      >
        <label className="preview-panel__port">
          <span className="visually-hidden">Port</span>
          <select
            value={chosen?.port ?? ''}
            onChange={(event) => setPort(Number(event.target.value))}
            disabled={ports.length === 0}
          >
            {ports.length === 0 ? <option value="">no port</option> : null}
            {ports.map((entry) => (
              <option key={entry.port} value={entry.port}>
                :{entry.port}
              </option>
            ))}
          </select>
        </label>
        <label className="preview-panel__address">
          <span className="visually-hidden">Path</span>
          <input value={path} onChange={(event) => setPath(event.target.value)} spellCheck={false} />
        </label>
        <button
          type="submit"
          className="button button--small button--ghost"
          disabled={!address}
          title="Reload"
          aria-label="Reload"
        >
          <RotateCw size={14} aria-hidden />
        </button>
        {address ? (
          <a
            className="button button--small button--ghost"
            href={address}
            target="_blank"
            rel="noopener noreferrer"
            title="Open in a new tab"
            aria-label="Open in a new tab"
          >
            <ExternalLink size={14} aria-hidden />
          </a>
        ) : null}
      </form>
      {address ? (
        <iframe
          key={`${address}#${reloads}`}
          className="preview-panel__frame"
          src={address}
          title="App preview"
        />
      ) : (
        <p className="preview-panel__empty" role="status">
          {preview.data?.available === false
            ? 'This runtime serves no preview (start it with the launcher).'
            : 'Nothing listens on a port in this conversation’s sandbox yet. Start a server (for example `python3 -m http.server 8000`) and it shows up here.'}
        </p>
      )}
    </section>
  );
}
