import { describe, expect, it } from 'vitest';
import {
  MAX_SECTION_CHARS,
  parseStructuredSummary,
  renderStructuredSummary,
  unstructuredSummary,
} from './structured-summary';

const WELL_FORMED = `## User's goal and constraints
Fix quoted commas in the CSV parser; no new dependency.

## Files touched
- src/csv.ts: splitQuoted replaces split

## Decisions
Kept the old API.

## Open tasks
Run the tests.

## Current state
Parser fixed, tests not run.`;

describe('structured summary', () => {
  it('parses the five sections the prompt asks for', () => {
    expect(parseStructuredSummary(WELL_FORMED)).toEqual({
      goal: 'Fix quoted commas in the CSV parser; no new dependency.',
      files: '- src/csv.ts: splitQuoted replaces split',
      decisions: 'Kept the old API.',
      open_tasks: 'Run the tests.',
      current_state: 'Parser fixed, tests not run.',
    });
  });

  it('takes reworded headings and leaves a missing section empty', () => {
    const sections = parseStructuredSummary('# Goal\ng\n### Files changed ###\nf\n## Next steps\nn');
    expect(sections).toEqual({ goal: 'g', files: 'f', decisions: '', open_tasks: 'n', current_state: '' });
    expect(renderStructuredSummary(sections!)).toContain('## Decisions\n(none)');
  });

  it('prose, JSON or too few headings are not a structured summary', () => {
    expect(parseStructuredSummary('They ran three commands and fixed the bug.')).toBeNull();
    expect(parseStructuredSummary('{"goal":"x","files":"y"}')).toBeNull();
    expect(parseStructuredSummary('## Goal\nx\n## Files\ny')).toBeNull();
    expect(parseStructuredSummary('')).toBeNull();
  });

  it('renders what it parsed back to the same sections', () => {
    const sections = parseStructuredSummary(WELL_FORMED)!;
    expect(parseStructuredSummary(renderStructuredSummary(sections))).toEqual(sections);
  });

  it('cuts a section and an unstructured summary to their bounds', () => {
    const sections = parseStructuredSummary(`## Goal\n${'g'.repeat(50_000)}\n## Files\nf\n## Decisions\nd`);
    expect(sections?.goal.length).toBeLessThanOrEqual(MAX_SECTION_CHARS + 10);
    expect(unstructuredSummary('z'.repeat(50_000)).length).toBeLessThan(8_100);
  });
});
