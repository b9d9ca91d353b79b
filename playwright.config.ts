import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './e2e/fixtures/chromium-path';

/**
 * e2e runs in Debian's Chromium (`apt-get install chromium`), never a downloaded browser and never a
 * `channel`. Each spec file starts its own launcher and mock LLM through the `workbench` fixture.
 */
export default defineConfig({
  testDir: 'e2e',
  // The UI benchmark is a measurement, not a test: `npm run bench -- ui` runs it (scripts/bench/ui.bench.ts).
  testIgnore: process.env.AGENT_WORKBENCH_UI_BENCH === '1' ? [] : ['**/ui-bench.spec.ts'],
  globalSetup: './e2e/fixtures/global-setup.ts',
  outputDir: 'test-results/e2e',
  // Two cores: one browser and one launcher at a time keeps timings honest.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
