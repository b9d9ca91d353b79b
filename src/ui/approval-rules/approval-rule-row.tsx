import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ApprovalRule, ApprovalRuleEffect, ApprovalRuleInput } from '../api/wire-types';
import { EFFECT_LABELS, TOOL_LABELS, matcherText, withMatcherText } from './rule-matcher-text';

/**
 * One rule: its tool, what it matches (editable), its effect, whether it covers high risk; delete.
 * `onChange` gets the edit as a function of the rule, applied to the latest saved version of it.
 */
export function ApprovalRuleRow({
  rule,
  busy,
  onChange,
  onDelete,
}: {
  rule: ApprovalRule;
  busy: boolean;
  onChange: (update: (rule: ApprovalRuleInput) => ApprovalRuleInput) => void;
  onDelete: () => void;
}) {
  const [text, setText] = useState(matcherText(rule.matcher));
  const commitText = () => {
    const typed = text.trim();
    if (typed && typed !== matcherText(rule.matcher))
      onChange((latest) => ({ ...latest, matcher: withMatcherText(latest.matcher, typed) }));
  };
  const label = `${TOOL_LABELS[rule.tool] ?? rule.tool} rule ${matcherText(rule.matcher) || 'any'}`;
  return (
    <li className="rule-row" data-testid="approval-rule" data-rule-id={rule.id}>
      <span className="rule-row__tool">{TOOL_LABELS[rule.tool] ?? rule.tool}</span>
      {rule.matcher.kind === 'any' ? (
        <span className="rule-row__any">any</span>
      ) : (
        <input
          className="input input--mono rule-row__matcher"
          value={text}
          disabled={busy}
          aria-label={`What ${label} matches`}
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
          onBlur={commitText}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commitText();
            }
          }}
        />
      )}
      <select
        className="select rule-row__effect"
        value={rule.effect}
        disabled={busy}
        aria-label={`Effect of ${label}`}
        onChange={(event) => {
          const effect = event.target.value as ApprovalRuleEffect;
          onChange((latest) => ({ ...latest, effect }));
        }}
      >
        {Object.entries(EFFECT_LABELS).map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
      <label className="rule-row__high" title="Also applies to high-risk actions">
        <input
          type="checkbox"
          checked={rule.allow_high_risk}
          disabled={busy}
          onChange={(event) => {
            const allowHighRisk = event.target.checked;
            onChange((latest) => ({ ...latest, allow_high_risk: allowHighRisk }));
          }}
        />
        high-risk
      </label>
      <button
        type="button"
        className="button button--ghost button--icon button--small"
        aria-label={`Delete ${label}`}
        title="Delete this rule"
        disabled={busy}
        onClick={onDelete}
      >
        <Trash2 size={14} />
      </button>
    </li>
  );
}
