import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef, useState } from 'react';
import { connectTerminal, type TerminalConnectionState } from './connect-terminal';
import './terminal-panel.css';

const STATE_LABELS: Record<TerminalConnectionState, string> = {
  connecting: 'Connecting…',
  open: 'Connected',
  reconnecting: 'Reconnecting…',
};

/**
 * The person's own terminal in the conversation's sandbox (same confinement and workspace as the
 * agent's, never asking for approval). What is run here is recorded as the person's.
 */
export function TerminalPanel({ conversationId }: { conversationId: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<TerminalConnectionState>('connecting');
  const [notice, setNotice] = useState<string | undefined>();

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const styles = getComputedStyle(element);
    const terminal = new Terminal({
      cursorBlink: true,
      fontSize: 13,
      fontFamily: styles.getPropertyValue('--font-mono').trim() || 'monospace',
      scrollback: 5000,
      theme: { background: '#16171a', foreground: '#e6e7ea', cursor: '#8280ff' },
    });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    terminal.open(element);
    const connection = connectTerminal(conversationId, {
      onOutput: (text) => terminal.write(text),
      onState: (next) => {
        setState(next);
        if (next === 'open') {
          setNotice(undefined);
          connection.send({ type: 'resize', cols: terminal.cols, rows: terminal.rows });
        }
      },
      onNotice: setNotice,
    });
    terminal.onData((data) => connection.send({ type: 'input', data }));
    terminal.onResize(({ cols, rows }) => connection.send({ type: 'resize', cols, rows }));
    const refit = () => {
      if (element.clientWidth > 0 && element.clientHeight > 0) fit.fit();
    };
    const observer = new ResizeObserver(refit);
    observer.observe(element);
    refit();
    terminal.focus();
    return () => {
      observer.disconnect();
      connection.close();
      terminal.dispose();
    };
  }, [conversationId]);

  return (
    <section className="terminal-panel" aria-label="Terminal" data-testid="terminal-panel">
      <header className="terminal-panel__header">
        <h2 className="terminal-panel__title">Terminal</h2>
        <span className="terminal-panel__hint">Your shell in this conversation's sandbox</span>
        <span className="terminal-panel__state" role="status">
          {STATE_LABELS[state]}
        </span>
      </header>
      {notice ? (
        <p className="terminal-panel__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <div className="terminal-panel__screen" ref={host} />
    </section>
  );
}
