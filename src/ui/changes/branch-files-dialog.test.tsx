// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BranchFilesDialog } from './branch-files-dialog';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

function open() {
  const onChoose = vi.fn();
  const onClose = vi.fn();
  render(<BranchFilesDialog busy={false} error={undefined} onChoose={onChoose} onClose={onClose} />);
  return { onChoose, onClose };
}

describe('BranchFilesDialog', () => {
  it('offers an own copy of the files by default, focused, and Enter branches with it', () => {
    const { onChoose } = open();
    const copy = screen.getByRole('radio', { name: /own copy of the files \(recommended\)/ });
    expect(copy).toHaveProperty('checked', true);
    expect(document.activeElement).toBe(copy);
    fireEvent.keyDown(copy, { key: 'Enter' });
    expect(onChoose).toHaveBeenCalledWith('copy');
  });

  it('sends "shared" when the person keeps the same folder', () => {
    const { onChoose } = open();
    fireEvent.click(screen.getByRole('radio', { name: /Keep working in the same folder/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Branch' }));
    expect(onChoose).toHaveBeenCalledWith('shared');
  });

  it('Esc and Cancel close it without branching', () => {
    const { onChoose, onClose } = open();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onChoose).not.toHaveBeenCalled();
  });
});
