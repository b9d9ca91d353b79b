import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildView, extendView } from '../../src/runtime/context/view';
import { openSqliteEventStore } from '../../src/runtime/store/sqlite-event-store';
import type { BenchFigure } from './bench-figure';
import { storeFigures } from './store-figures';
import { repeat } from './time-samples';

/**
 * The event store on a real temp file with durability on (WAL, synchronous=FULL): append rate, replay
 * and fork of a 10,000-event conversation, and the view rebuilt over it.
 */
export default async function storeBenchmark(): Promise<BenchFigure[]> {
  const directory = mkdtempSync(join(tmpdir(), 'store-bench-'));
  const store = openSqliteEventStore(join(directory, 'workbench.db'));
  try {
    const measured = await storeFigures(store, 'store');
    const events = measured.branch;
    const view = await repeat(10, () => buildView(events));
    const base = buildView(events.slice(0, -100));
    const extend = (await repeat(10, () => events.slice(-100).reduce(extendView, base))).map(
      (elapsed) => elapsed / 100,
    );

    return [
      ...measured.figures,
      { name: 'view: rebuild over 10,000 events', unit: 'ms', samples: view },
      { name: 'view: extend by one event at 10,000', unit: 'ms', samples: extend },
    ];
  } finally {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
