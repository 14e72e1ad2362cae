import { describe, expect, it } from 'vitest';
import { resolveSpecifier, type ResolveContext } from '../../../../workers/bundler/resolve';
import { files } from './helpers';

const ctx = (map: Record<string, string>, deps: Record<string, string> = {}): ResolveContext => ({
  files: files(map),
  cdnBase: 'https://esm.sh/',
  deps,
});

describe('resolveSpecifier', () => {
  const project = ctx({
    'src/main.tsx': '',
    'src/a.ts': '',
    'src/b.tsx': '',
    'src/lib/index.ts': '',
    'src/data.json': '{}',
    'src/style.css': '',
    'src/logo.svg': '<svg/>',
    'src/exact.js': '',
    'shared/util.jsx': '',
    'src/esm.ts': '',
  });

  it.each([
    ['./a', 'src/a.ts'],
    ['./a.ts', 'src/a.ts'],
    ['./b', 'src/b.tsx'],
    ['./lib', 'src/lib/index.ts'],
    ['./lib/', 'src/lib/index.ts'],
    ['./lib/index', 'src/lib/index.ts'],
    ['./data.json', 'src/data.json'],
    ['./data', 'src/data.json'],
    ['./style.css', 'src/style.css'],
    ['./logo.svg', 'src/logo.svg'],
    ['./exact.js', 'src/exact.js'],
    ['../shared/util', 'shared/util.jsx'],
    ['/shared/util.jsx', 'shared/util.jsx'],
    ['./esm.js', 'src/esm.ts'],
  ])('%s from src/main.tsx → %s', (spec, path) => {
    expect(resolveSpecifier(spec, 'src/main.tsx', project)).toEqual({ kind: 'project', path });
  });

  it('reports a missing file naming the import and the importer', () => {
    expect(resolveSpecifier('./missing', 'src/main.tsx', project)).toEqual({
      kind: 'error',
      text: 'Could not resolve "./missing" from src/main.tsx',
    });
    expect(resolveSpecifier('../../outside', 'src/main.tsx', project).kind).toBe('error');
  });

  it.each(['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime'])(
    '%s is a vendor module',
    (spec) => {
      expect(resolveSpecifier(spec, 'src/main.tsx', project)).toEqual({ kind: 'vendor', id: spec });
    },
  );

  it('maps other bare imports to CDN URLs with package.json versions', () => {
    const p = ctx({}, { lodash: '^4.17.21', '@tanstack/react-query': '5.0.0', zod: '*' });
    const url = (spec: string) => resolveSpecifier(spec, 'src/main.ts', p);
    expect(url('lodash')).toEqual({ kind: 'cdn', url: 'https://esm.sh/lodash@^4.17.21' });
    expect(url('lodash/debounce')).toEqual({
      kind: 'cdn',
      url: 'https://esm.sh/lodash@^4.17.21/debounce',
    });
    expect(url('@tanstack/react-query')).toEqual({
      kind: 'cdn',
      url: 'https://esm.sh/@tanstack/react-query@5.0.0',
    });
    expect(url('@tanstack/react-query/devtools')).toEqual({
      kind: 'cdn',
      url: 'https://esm.sh/@tanstack/react-query@5.0.0/devtools',
    });
    expect(url('zod')).toEqual({ kind: 'cdn', url: 'https://esm.sh/zod' });
    expect(url('@scope/unlisted/x')).toEqual({
      kind: 'cdn',
      url: 'https://esm.sh/@scope/unlisted/x',
    });
    expect(url('https://cdn.example/x.js')).toEqual({
      kind: 'cdn',
      url: 'https://cdn.example/x.js',
    });
    expect(url('react-dom/server').kind).toBe('cdn');
  });

  it('refuses Node built-ins', () => {
    const r = resolveSpecifier('node:fs', 'src/main.ts', project);
    expect(r.kind).toBe('error');
    expect(r.kind === 'error' && r.text).toContain('node:fs');
  });
});
