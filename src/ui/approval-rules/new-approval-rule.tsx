import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { ApprovalRuleEffect, ApprovalRuleInput } from '../api/wire-types';
import { EFFECT_LABELS, TOOL_LABELS, matcherFor } from './rule-matcher-text';

/** A one-line form that adds a rule: tool, command prefix or path glob (empty: any), effect. */
export function NewApprovalRule({
  busy,
  onAdd,
}: {
  busy: boolean;
  onAdd: (rule: ApprovalRuleInput) => void;
}) {
  const [tool, setTool] = useState('terminal');
  const [text, setText] = useState('');
  const [effect, setEffect] = useState<ApprovalRuleEffect>('allow');
  const add = () => {
    onAdd({ tool, matcher: matcherFor(tool, text), effect, allow_high_risk: false });
    setText('');
  };
  return (
    <div className="rule-row rule-row--new">
      <select
        className="select rule-row__tool-select"
        value={tool}
        aria-label="Tool of the new rule"
        onChange={(event) => setTool(event.target.value)}
      >
        {Object.entries(TOOL_LABELS).map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
      <input
        className="input input--mono rule-row__matcher"
        value={text}
        placeholder={tool === 'terminal' ? 'command prefix, e.g. npm test' : 'path glob, e.g. src/**'}
        aria-label="What the new rule matches"
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
      />
      <select
        className="select rule-row__effect"
        value={effect}
        aria-label="Effect of the new rule"
        onChange={(event) => setEffect(event.target.value as ApprovalRuleEffect)}
      >
        {Object.entries(EFFECT_LABELS).map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
      <button type="button" className="button button--small" disabled={busy} onClick={add}>
        <Plus size={14} /> Add rule
      </button>
    </div>
  );
}
