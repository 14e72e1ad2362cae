import * as esbuild from 'esbuild-wasm';
import { describe, expect, it } from 'vitest';
import { compileCss } from '../../../../workers/bundler/compile-css';
import { files } from './helpers';

const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

const build = (path: string, map: Record<string, string | Uint8Array>, deps = {}) =>
  compileCss(esbuild, path, { files: files(map), cdnBase: 'https://esm.sh/', deps });

describe('compileCss', () => {
  it('inlines project @imports and turns url() of project assets into data URLs', async () => {
    const r = await build(
      'src/style.css',
      {
        'src/style.css': `@import "./base.css";\n@import "normalize.css";\n.logo { background: url(./img/logo.png); }\n.ext { background: url(https://x.test/a.png); }`,
        'src/base.css':
          'body { margin: 0; font-family: "Brand"; }\n@font-face { font-family: Brand; src: url(../fonts/brand.woff2); }',
        'src/img/logo.png': PNG,
        'fonts/brand.woff2': new Uint8Array([1, 2, 3]),
      },
      { 'normalize.css': '8.0.1' },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.css).toContain('margin: 0');
    expect(r.css).toContain('@import "https://esm.sh/normalize.css@8.0.1"');
    expect(r.css).toContain(`url(data:image/png;base64,${Buffer.from(PNG).toString('base64')})`);
    expect(r.css).toContain('url(data:font/woff2,%01%02%03)');
    expect(r.css).toContain('url(https://x.test/a.png)');
    expect(Object.keys(r.inputs).sort()).toEqual([
      'fonts/brand.woff2',
      'src/base.css',
      'src/img/logo.png',
      'src/style.css',
    ]);
  });

  it('reports a missing url() with file, line and column', async () => {
    const r = await build('src/a.css', { 'src/a.css': 'a {\n  background: url(./nope.png);\n}' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toEqual([
      expect.objectContaining({
        file: 'src/a.css',
        line: 2,
        column: 15,
        text: 'Could not resolve "./nope.png" from src/a.css',
      }),
    ]);
  });

  it('reports syntax errors in an @imported file against that file', async () => {
    const r = await build('src/a.css', {
      'src/a.css': '@import "./b.css";',
      'src/b.css': '.x { color: red;\n}\n}\n.y { color: blue }',
    });
    // esbuild recovers from stray braces with a warning; either way it names src/b.css.
    const all = r.ok ? r.warnings : r.errors;
    expect(all[0]).toMatchObject({ file: 'src/b.css', line: 3 });
  });

  it('compiles CSS modules to a class-name map and a stylesheet, unique per path', async () => {
    const r = await build('src/components/Button/styles.module.css', {
      'src/components/Button/styles.module.css':
        '.root { color: red }\n.primary { composes: root; }',
    });
    if (!r.ok || !r.js) throw new Error('expected a CSS module');
    const module = { exports: {} as Record<string, unknown> };
    const required: string[] = [];
    (0, eval)(r.js.code)((s: string) => required.push(s), module, module.exports);
    const names = module.exports.default as Record<string, string>;
    expect(names.root).toMatch(/^src_components_Button_styles_root$/);
    expect(names.primary).toBe(`${names.root} src_components_Button_styles_primary`);
    expect(required).toEqual([r.js.cssId]);
    expect(r.css).toContain(`.${names.root} {`);
  });
});
