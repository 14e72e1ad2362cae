import { defineConfig } from '@playwright/test';
import { findChromium } from './tests/e2e/chromium';

// End-to-end tests run against the production build (`vite preview` serves dist/ as a plain
// static host would) in the system's Chromium: Playwright's own browser download is not used.
// Several checkouts may test side by side on one machine: PLAYPEN_E2E_PORT picks the port.
const port = Number(process.env.PLAYPEN_E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    trace: 'retain-on-failure',
    // Tests paste into Monaco as users do (typing a whole file key by key is slow and
    // Monaco's auto-closing brackets make it differ from pasted text).
    permissions: ['clipboard-read', 'clipboard-write'],
    launchOptions: {
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
