import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declarationOf, typesEntries } from '../../../../workers/types/package-entry';
import { dtsReferences } from '../../../../workers/types/dts-references';

const installed = (name: string) =>
  JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as object;

describe('typesEntries', () => {
  it("lists every types condition of an exports map and the types field (fflate's package.json)", () => {
    expect(typesEntries(installed('fflate'), '')).toEqual({
      declared: [
        'esm/index.d.mts',
        'lib/node.d.cts',
        'esm/browser.d.ts',
        'lib/browser.d.cts',
        'lib/index.d.ts',
      ],
      guessed: ['lib/index.d.cts', 'index.d.ts'],
    });
    expect(typesEntries(installed('fflate'), '/browser').declared).toEqual([
      'esm/browser.d.ts',
      'lib/browser.d.cts',
    ]);
  });

  it('guesses beside main, then index.d.ts, when nothing is declared', () => {
    expect(typesEntries({ main: './dist/ms.js' }, '')).toEqual({
      declared: [],
      guessed: ['dist/ms.d.ts', 'index.d.ts'],
    });
    expect(typesEntries({}, '/fp/debounce')).toEqual({
      declared: [],
      guessed: ['fp/debounce.d.ts', 'fp/debounce/index.d.ts'],
    });
  });

  it('expands exports patterns', () => {
    const pkg = { exports: { './*': { types: './types/*.d.ts', default: './dist/*.js' } } };
    expect(typesEntries(pkg, '/add').declared).toEqual(['types/add.d.ts']);
  });
});

describe('declarationOf', () => {
  it('maps script paths to their declaration files', () => {
    expect(declarationOf('lib/a.js')).toBe('lib/a.d.ts');
    expect(declarationOf('lib/a.mjs')).toBe('lib/a.d.mts');
    expect(declarationOf('lib/a.cjs')).toBe('lib/a.d.cts');
    expect(declarationOf('lib/a.d.ts')).toBe('lib/a.d.ts');
  });
});

describe('dtsReferences', () => {
  it("finds relative and package references, not commented ones (@types/picomatch's files)", () => {
    expect(dtsReferences(readFileSync('node_modules/@types/picomatch/index.d.ts', 'utf8'))).toEqual(
      {
        relative: ['./lib/picomatch'],
        packages: [],
      },
    );
    const text = [
      '/// <reference types="node" />',
      '/// <reference path="globals.d.ts" />',
      "import type { A } from './a.js';",
      "export * from '../b';",
      "import x = require('other');",
      "type T = import('@scope/pkg/sub').T;",
      "// import { no } from 'commented';",
      "/* export * from 'also-commented'; */",
      "import fs from 'node:fs';",
    ].join('\n');
    expect(dtsReferences(text)).toEqual({
      relative: ['./globals.d.ts', './a.js', '../b'],
      packages: ['node', 'other', '@scope/pkg/sub'],
    });
  });
});
