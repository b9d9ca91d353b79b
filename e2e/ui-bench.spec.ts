import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { NewEvent } from '../src/runtime/events';
import {
  actionEvent,
  agentMessage,
  newConversation,
  observationEvent,
  testId,
  userMessage,
} from '../src/runtime/events/fixtures/event-builders';
import { openSqliteEventStore } from '../src/runtime/store/sqlite-event-store';
import { expect, test } from './fixtures/workbench';

/**
 * The UI figures: opening a 5,000-event conversation (first render, last event shown), the
 * median frame time while scrolling all the way up through it (older pages load on the way), and the
 * gzip size of the JS bundle. Figures are printed; the assertions check behaviour (virtualization),
 * not timings.
 */
const EVENT_COUNT = 5_000;
const FIRST_ID = 7_000_000;

function benchEvents(): NewEvent[] {
  const events: NewEvent[] = [userMessage(FIRST_ID, 'Refactor the parser and keep the tests green.')];
  let n = FIRST_ID + 1;
  while (events.length < EVENT_COUNT) {
    const actionN = n++;
    events.push(actionEvent(actionN, { thought: `Step ${actionN - FIRST_ID}: check the next module.` }));
    events.push(observationEvent(n++, actionN, `line one of output ${actionN}\nline two\nline three`));
    events.push(agentMessage(n++, `Checked **module ${actionN - FIRST_ID}**: \`ok\`. Moving on.`));
  }
  return events.slice(0, EVENT_COUNT);
}

test('a 5,000-event conversation opens fast and scrolls smoothly', async ({ page, workbench }) => {
  test.setTimeout(300_000);
  const store = openSqliteEventStore(join(workbench.dataDir, 'workbench.db'));
  const id = randomUUID();
  const events = benchEvents();
  try {
    await store.createConversation({
      ...newConversation(1, { title: 'Bench: 5,000 events', workspace_dir: workbench.workspace }),
      id,
    });
    for (let start = 0; start < events.length; start += 500)
      await store.appendMany(id, events.slice(start, start + 500));
  } finally {
    await store.close();
  }
  const lastEventId = testId(FIRST_ID + EVENT_COUNT - 1);

  const started = Date.now();
  await page.goto(`${workbench.url}/conversations/${id}`);
  await page.locator('[data-row-key]').first().waitFor();
  const firstRenderMs = Date.now() - started;
  await page.locator(`[data-row-key="${lastEventId}"]`).waitFor();
  const lastEventMs = Date.now() - started;

  // Scroll to the top, a fast flick (800 px) per frame, recording frame intervals; older pages load as we go.
  const firstRowSelector = `[data-row-key="${testId(FIRST_ID)}"]`;
  const scroll = await page.getByTestId('transcript').evaluate(async (element, firstRow) => {
    const frames: number[] = [];
    let previous = performance.now();
    const startedAt = previous;
    while (performance.now() - startedAt < 150_000 && !element.querySelector(firstRow)) {
      element.scrollTop -= 800;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      frames.push(now - previous);
      previous = now;
    }
    const sorted = [...frames].sort((a, b) => a - b);
    return {
      frames: frames.length,
      medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
      p95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      seconds: (performance.now() - startedAt) / 1000,
      renderedRows: element.querySelectorAll('[data-row-key]').length,
    };
  }, firstRowSelector);
  await expect(page.locator(firstRowSelector)).toBeAttached();

  const assets = join(process.cwd(), 'dist/ui/assets');
  const jsGzipBytes = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .reduce((total, name) => total + gzipSync(readFileSync(join(assets, name))).length, 0);

  const figures = {
    events: EVENT_COUNT,
    first_render_ms: firstRenderMs,
    last_event_ms: lastEventMs,
    scroll_to_top_s: Number(scroll.seconds.toFixed(1)),
    scroll_frames: scroll.frames,
    scroll_frame_median_ms: Number(scroll.medianMs.toFixed(1)),
    scroll_frame_p95_ms: Number(scroll.p95Ms.toFixed(1)),
    rendered_rows_at_top: scroll.renderedRows,
    js_gzip_kib: Number((jsGzipBytes / 1024).toFixed(1)),
  };
  console.log(`ui-bench ${JSON.stringify(figures)}`);
  test.info().annotations.push({ type: 'ui-bench', description: JSON.stringify(figures) });

  // Virtualized: with every event loaded, only a screenful of rows is in the DOM.
  expect(scroll.renderedRows).toBeLessThan(80);
});
