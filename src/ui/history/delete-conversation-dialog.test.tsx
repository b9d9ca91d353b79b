// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationListItem } from './conversation-list-item';
import { DeleteConversationDialog } from './delete-conversation-dialog';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

function conversation(branchFolder: boolean): ConversationListItem {
  return {
    title: 'Fix the build (branch)',
    execution_status: 'finished',
    workspace: { working_dir: '/home/me/project.branches/ab12cd34' },
    ...(branchFolder ? { branch_folder: true } : {}),
  } as ConversationListItem;
}

function open(branchFolder: boolean) {
  const onConfirm = vi.fn();
  render(
    <DeleteConversationDialog
      conversation={conversation(branchFolder)}
      busy={false}
      error={undefined}
      onConfirm={onConfirm}
      onCancel={vi.fn()}
    />,
  );
  return onConfirm;
}

describe('DeleteConversationDialog', () => {
  it('offers to delete the branch folder of a branch that owns one, off by default', () => {
    const onConfirm = open(true);
    const box = screen.getByRole('checkbox', { name: /Also delete its branch folder/ });
    expect(box).toHaveProperty('checked', false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenLastCalledWith({ deleteFiles: false });
    fireEvent.click(box);
    expect(screen.getByRole('dialog').textContent).toContain('Its branch folder is deleted too');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenLastCalledWith({ deleteFiles: true });
  });

  it('does not offer it for a conversation without a folder of its own', () => {
    const onConfirm = open(false);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('dialog').textContent).toContain('workspace are not touched');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenLastCalledWith({ deleteFiles: false });
  });
});
