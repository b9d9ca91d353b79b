// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FolderCombobox, type FolderOption } from './folder-combobox';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const OPTIONS: FolderOption[] = [
  { path: '/work/recent-project', label: '/work/recent-project', recent: true },
  { path: '/work/alpha', label: 'alpha', recent: false },
  { path: '/work/beta', label: 'beta', recent: false },
];

function Harness({ options = OPTIONS, onSubmit }: { options?: FolderOption[]; onSubmit?: () => void }) {
  const [value, setValue] = useState('/work/');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <FolderCombobox
        value={value}
        onChange={setValue}
        options={options}
        loading={false}
        label="Workspace folder"
      />
    </form>
  );
}

describe('FolderCombobox', () => {
  it('lists recent folders first; the arrow keys move and Enter picks without submitting the form', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const input = screen.getByRole('combobox', { name: 'Workspace folder' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['/work/recent-project', 'alpha', 'beta']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((input as HTMLInputElement).value).toBe('/work/alpha');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('typing a path still works, and Esc closes the list only', () => {
    const onEscape = vi.fn();
    document.addEventListener('keydown', onEscape);
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Workspace folder' });
    fireEvent.change(input, { target: { value: '/srv/app' } });
    expect((input as HTMLInputElement).value).toBe('/srv/app');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onEscape).not.toHaveBeenCalled();
    document.removeEventListener('keydown', onEscape);
  });

  it('a folder the agent named to deceive shows as one plain line, and picking it gives its real path', () => {
    // The agent can make folders in the workspace: a right-to-left override would show
    // "evil\u202Egpj.tset" as "evil" + "test.jpg", and a zero-width space hides where a name ends.
    const hostile = 'evil\u202Egpj.tset\u200B/home/ada/safe-project\u2066';
    render(<Harness options={[{ path: `/work/${hostile}`, label: hostile, recent: false }]} />);
    const input = screen.getByRole('combobox', { name: 'Workspace folder' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const option = screen.getByRole('option');
    expect(option.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B]/);
    expect(option.textContent).toBe('evil gpj.tset /home/ada/safe-project');
    fireEvent.click(option);
    expect((input as HTMLInputElement).value).toBe(`/work/${hostile}`);
  });
});
