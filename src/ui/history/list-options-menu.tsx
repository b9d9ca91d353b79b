import { ListFilter } from 'lucide-react';
import { useRef, useState } from 'react';
import type { ExecutionStatus, ListSort, ListView } from './conversation-list-item';
import { STATUS_LABELS } from '../components/status-labels';
import type { MenuEntry } from './popover-menu';
import { PopoverMenu } from './popover-menu';

const SORTS: { sort: ListSort; label: string }[] = [
  { sort: 'UPDATED_AT_DESC', label: 'Recent activity' },
  { sort: 'CREATED_AT_DESC', label: 'Date created' },
];

const STATUSES: ExecutionStatus[] = [
  'running',
  'waiting_for_confirmation',
  'error',
  'stuck',
  'paused',
  'finished',
  'idle',
];

/** Sort order and status filter of the list, behind one small button that shows when a filter is on. */
export function ListOptionsMenu({ view, onChange }: { view: ListView; onChange: (view: ListView) => void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const filtered = view.status !== undefined || view.sort !== 'UPDATED_AT_DESC';
  const entries: MenuEntry[] = [
    { type: 'label', key: 'sort-label', label: 'Sort by' },
    ...SORTS.map(
      ({ sort, label }): MenuEntry => ({
        type: 'choice',
        key: `sort-${sort}`,
        label,
        checked: view.sort === sort,
        onSelect: () => onChange({ ...view, sort }),
      }),
    ),
    { type: 'separator', key: 'separator' },
    { type: 'label', key: 'status-label', label: 'Status' },
    {
      type: 'choice',
      key: 'status-all',
      label: 'All',
      checked: view.status === undefined,
      onSelect: () => onChange({ ...view, status: undefined }),
    },
    ...STATUSES.map(
      (status): MenuEntry => ({
        type: 'choice',
        key: `status-${status}`,
        label: STATUS_LABELS[status].label,
        checked: view.status === status,
        onSelect: () => onChange({ ...view, status }),
      }),
    ),
  ];
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`history-toolbar__button ${filtered ? 'history-toolbar__button--on' : ''}`}
        aria-label="Sort and filter"
        title="Sort and filter"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <ListFilter size={15} />
      </button>
      {open && button.current ? (
        <PopoverMenu
          anchor={button.current}
          label="Sort and filter"
          entries={entries}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
