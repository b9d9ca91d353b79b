import { describe, expect, it } from 'vitest';
import { formatBenchTable, formatNumber } from './format-bench-table';
import { mergeBenchResults } from './bench-results';
import { summarizeSamples } from './summarize-samples';

describe('bench summaries', () => {
  it('takes the median and interpolated quartiles whatever the sample order', async () => {
    expect(summarizeSamples([5, 1, 4, 2, 3])).toEqual({ median: 3, p25: 2, p75: 4, p95: 4.8, count: 5 });
    expect(summarizeSamples([7])).toMatchObject({ median: 7, p25: 7, p75: 7, p95: 7 });
    expect(() => summarizeSamples([])).toThrow();
  });

  it('formats to three significant digits with grouped thousands', async () => {
    expect([0.012345, 4.567, 789.4, 12_345.6, 0].map(formatNumber)).toEqual([
      '0.0123',
      '4.57',
      '789',
      '12,346',
      '0',
    ]);
  });

  it('compares medians with the previous run, respecting which direction is better', async () => {
    const previous = mergeBenchResults(
      null,
      [
        { name: 'replay', unit: 'ms', samples: [10] },
        { name: 'append rate', unit: 'events/s', samples: [1000], lowerIsBetter: false },
      ],
      '2025-01-01T00:00:00Z',
    );
    const table = formatBenchTable(
      [
        { name: 'replay', unit: 'ms', samples: [12, 12, 12] },
        { name: 'append rate', unit: 'events/s', samples: [1500], lowerIsBetter: false },
        { name: 'new figure', unit: 'ms', samples: [1] },
      ],
      previous,
    );
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^figure\s+median\s+spread p25–p75\s+p95\s+unit\s+vs previous$/);
    expect(lines[2]).toMatch(/^replay .* 12\.0 .* ms .* 1\.20x worse$/);
    expect(lines[3]).toMatch(/1\.50x better$/);
    expect(lines[4]?.trimEnd()).toMatch(/ms$/);
  });
});
