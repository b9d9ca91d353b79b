// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SecretText } from './secret-text';
import { splitSecrets } from './split-secrets';

afterEach(cleanup);

describe('SecretText', () => {
  it('shows each masked secret in terminal text as a pill titled with its name', () => {
    const { container } = render(
      <pre>
        <SecretText text={'{"api_key": "‹secret:LLM_API_KEY›"}\nok'} />
      </pre>,
    );
    const pill = container.querySelector('span.secret-pill');
    expect(pill?.textContent).toBe('secret hidden');
    expect(pill?.getAttribute('title')).toBe('Secret hidden: LLM_API_KEY');
    expect(container.textContent).toBe('{"api_key": "secret hidden"}\nok');
  });

  it('splits only well-formed placeholders and leaves other text as it is', () => {
    expect(splitSecrets('plain')).toEqual(['plain']);
    expect(splitSecrets('‹secret:a›x‹secret:b c›')).toEqual([{ secret: 'a' }, 'x‹secret:b c›']);
  });
});
