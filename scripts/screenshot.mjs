// Regenerates docs/screenshot.png (the README's picture) and docs/screenshots/<width>.png (one
// per layout, shown in docs/layout.md) from the production build:
//   npm run build && node scripts/screenshot.mjs
// dist/ is served the way a plain static host would (a subpath, no special headers), so the
// picture also shows that the build works there. Chromium: CHROME_PATH or /usr/bin/chromium.
import { createServer } from 'node:http';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
/** The README's picture, then one per layout of src/ui/layout.ts (phone, tablet, laptop, wide). */
const SHOTS = [
  { width: 1440, height: 900, out: join(root, 'docs', 'screenshot.png') },
  ...[
    [375, 812],
    [768, 1024],
    [1280, 800],
    [1920, 1080],
  ].map(([width, height]) => ({
    width,
    height,
    out: join(root, 'docs', 'screenshots', `${width}.png`),
  })),
];
const BASE = '/playpen/';
const MAX_BYTES = 300 * 1024;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** Files under dist/ at BASE; index.html for the folder itself; nothing else. */
const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  if (!path.startsWith(BASE)) return void res.writeHead(404).end();
  const rel = normalize(path.slice(BASE.length) || 'index.html');
  const file = join(dist, rel);
  if (!file.startsWith(dist)) return void res.writeHead(403).end();
  try {
    if (!(await stat(file)).isFile()) throw new Error('not a file');
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}${BASE}`;

/** One picture: the example running, clicked three times, the focus in the editor. */
async function take({ width, height, out }) {
  const page = await browser.newPage({ viewport: { width, height }, colorScheme: 'light' });
  await page.goto(url);
  const status = page.getByRole('status', { name: 'Run status' });
  await status.filter({ hasText: /^Running$/ }).waitFor({ timeout: 120_000 });
  // A phone shows one tab at a time: click in the Preview tab, then come back to the Code.
  const phone = await page.getByRole('tab', { name: 'Preview' }).count();
  if (phone) await page.getByRole('tab', { name: 'Preview' }).click();
  const button = page.frameLocator('iframe[title="Preview"]').getByRole('button');
  for (let i = 0; i < 3; i++) await button.click();
  if (phone) await page.getByRole('tab', { name: 'Console' }).click();
  await page.getByRole('log', { name: 'Console' }).filter({ hasText: 'clicks: 3' }).waitFor();
  if (phone) await page.getByRole('tab', { name: 'Code' }).click();
  // Park the pointer away from the tooltips and the keyboard focus in the editor.
  await page.mouse.move(width - 1, height - 1);
  await page.locator('.monaco-editor .view-line').first().click();
  await page.screenshot({ path: out });
  await page.close();
  const { size } = await stat(out);
  console.log(`Wrote ${out} (${Math.round(size / 1024)} KB) from ${url}`);
  if (size > MAX_BYTES) {
    process.exitCode = 1;
    console.error(`It is over ${MAX_BYTES / 1024} KB: the docs should stay light.`);
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  await mkdir(join(root, 'docs', 'screenshots'), { recursive: true });
  for (const shot of SHOTS) await take(shot);
} finally {
  await browser.close();
  server.close();
}
