import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

// `npm run bench`: the same production build and Chromium as the e2e tests; prints figures.
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.bench.ts',
  timeout: 15 * 60_000,
  // No Playwright trace: its DOM snapshots around each action run in the measured pages, grow
  // with the DOM, and showed up as long tasks of their own (0.3 s at 1,000 files) and slower
  // cold starts.
  use: { ...base.use, trace: 'off' },
  // Serve dist/ from the repository root (npm run bench runs there), not from this folder.
  webServer: { ...(base.webServer as object), cwd: process.cwd() } as typeof base.webServer,
});
