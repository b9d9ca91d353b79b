import { describe, expect, it } from 'vitest';
import { renderMessage } from './render-message';

describe('renderMessage', () => {
  it('fills payload fields, nested ones and whole objects', () => {
    const payload = { branch: 'main', build: { id: 42, log: ['a'] } };
    expect(renderMessage('CI failed on {{payload.branch}} (build {{ payload.build.id }})', payload)).toBe(
      'CI failed on main (build 42)',
    );
    expect(renderMessage('log: {{payload.build.log}}', payload)).toBe('log: ["a"]');
    expect(renderMessage('{{payload}}', { a: 1 })).toBe('{"a":1}');
  });

  it('leaves a missing field empty and text without placeholders unchanged', () => {
    expect(renderMessage('branch: {{payload.branch}}.', {})).toBe('branch: .');
    expect(renderMessage('branch: {{payload.branch}}.', undefined)).toBe('branch: .');
    expect(renderMessage('summarise {{today}}', { today: 'x' })).toBe('summarise {{today}}');
  });
});
