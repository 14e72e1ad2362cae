import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../../../src/project/model/index-html';

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'">
    <meta name="viewport" content="width=device-width">
    <title>My <app></title>
    <link rel="icon" href="/favicon.svg">
    <link rel="stylesheet" href="./src/global.css">
    <link rel="stylesheet" href="https://fonts.test/css?family=X">
    <style>h1 > span { color: red }</style>
    <script type="module" src="/src/main.tsx"></script>
  </head>
  <body class="dark">
    <!-- <script type="module" src="/src/old.tsx"></script> -->
    <div id="root"></div>
    <script>window.answer = "</div>";</script>
    <script type="module" src='./src/other.ts' defer></script>
    <script src="https://cdn.test/lib.js"></script>
  </body>
</html>`;

describe('extractHtml', () => {
  it('keeps the body without project scripts', () => {
    const { body, scripts } = extractHtml(page);
    expect(body).toContain('<div id="root"></div>');
    expect(body).toContain('window.answer = "</div>"');
    expect(body).toContain('https://cdn.test/lib.js');
    expect(body).toContain('<!-- <script type="module" src="/src/old.tsx"></script> -->');
    expect(body).not.toContain('other.ts');
    expect(scripts).toEqual(['/src/main.tsx', './src/other.ts']);
  });

  it('keeps title, meta, styles and stylesheets from the head', () => {
    const { head } = extractHtml(page);
    expect(head).toEqual([
      { html: '<meta charset="UTF-8" />' },
      { html: '<meta name="viewport" content="width=device-width">' },
      { html: '<title>My <app></title>' },
      { stylesheet: './src/global.css' },
      { html: '<link rel="stylesheet" href="https://fonts.test/css?family=X">' },
      { html: '<style>h1 > span { color: red }</style>' },
    ]);
  });

  it('takes a document without head or body as body HTML', () => {
    const r = extractHtml('<div id="app">hi</div><script type="module" src="main.js"></script>');
    expect(r).toEqual({ body: '<div id="app">hi</div>', head: [], scripts: ['main.js'] });
  });
});
