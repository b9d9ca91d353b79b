/** The model's own thinking before a reply or an action, folded away unless asked for (styles in message-bubble.css). */
export function Reasoning({ text, open }: { text: string; open?: boolean }) {
  return (
    <details className="reasoning" open={open} data-testid="reasoning">
      <summary>Reasoning</summary>
      <div className="reasoning__text">{text}</div>
    </details>
  );
}
