import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

// `npm run bench`: the same production build and Chromium as the e2e tests; prints figures.
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.bench.ts',
  timeout: 15 * 60_000,
  // Serve dist/ from the repository root (npm run bench runs there), not from this folder.
  webServer: { ...(base.webServer as object), cwd: process.cwd() } as typeof base.webServer,
});
