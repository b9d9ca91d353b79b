// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventOfKind } from '../api/wire-types';
import { CondensationDivider } from './condensation-divider';

afterEach(cleanup);

const condensation = (extra: Partial<EventOfKind<'Condensation'>> = {}): EventOfKind<'Condensation'> => ({
  kind: 'Condensation',
  id: '00000000-0000-4000-8000-000000000009',
  seq: 9,
  timestamp: '2026-01-01T00:00:00Z',
  source: 'environment',
  forgotten_event_ids: ['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'],
  summary: "## User's goal and constraints\nFix the parser\n\n## Current state\nTests pass",
  ...extra,
});

describe('CondensationDivider', () => {
  it('opens to the structured summary, its sections as headings', async () => {
    render(<CondensationDivider event={condensation()} />);
    fireEvent.click(screen.getByRole('button', { name: '2 earlier events condensed' }));
    // The Markdown renderer loads lazily: a generous wait for a loaded machine, not a speed bound.
    expect(await screen.findByRole('heading', { name: 'Current state' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('Fix the parser')).toBeTruthy();
  });

  it('says when a hard reset dropped events to fit the model', () => {
    render(<CondensationDivider event={condensation({ mode: 'hard_reset' })} />);
    expect(screen.getByRole('button', { name: '2 earlier events dropped to fit the model' })).toBeTruthy();
  });
});
