// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusTrap } from './use-focus-trap';

afterEach(cleanup);

function Trapped({ autofocusDisabled }: { autofocusDisabled: boolean }) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true);
  return (
    <div ref={panel}>
      <select aria-label="Provider">
        <option>one</option>
      </select>
      <input aria-label="Model" data-autofocus disabled={autofocusDisabled} />
    </div>
  );
}

describe('useFocusTrap', () => {
  it('focuses the data-autofocus field when the trap starts', () => {
    const view = render(<Trapped autofocusDisabled={false} />);
    expect(document.activeElement).toBe(view.getByLabelText('Model'));
  });

  it('falls back to the first control when the data-autofocus field is disabled', () => {
    // A disabled field ignores focus(): focus would stay behind the dialog, out of the keyboard's reach.
    const view = render(<Trapped autofocusDisabled={true} />);
    expect(document.activeElement).toBe(view.getByLabelText('Provider'));
  });
});
