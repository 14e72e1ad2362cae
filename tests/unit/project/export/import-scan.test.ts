import { describe, expect, it } from 'vitest';
import { scanImports } from '../../../../src/project/export/import-scan';
import { importedPackages, packageOf } from '../../../../src/project/export/project-deps';

describe('scanImports', () => {
  it('finds static, side-effect, re-export, dynamic and require imports', () => {
    const src = `
      import React, { useState } from 'react';
      import './style.css';
      import * as d3 from "d3";
      export { a } from './a';
      export * from '@scope/pkg/sub';
      const lazy = import('lodash-es');
      const cjs = require('left-pad');
      import {
        x,
        y,
      } from 'multi-line';
    `;
    expect(scanImports(src)).toEqual([
      'react',
      './style.css',
      'd3',
      './a',
      '@scope/pkg/sub',
      'lodash-es',
      'left-pad',
      'multi-line',
    ]);
  });

  it('ignores comments, strings, templates, regexes, JSX text and type-only imports', () => {
    const src = `
      // import 'commented';
      /* import x from 'block-comment'; */
      const s = "import x from 'in-a-string'";
      const t = \`import('in-a-template') \${require('inside-template-expr')}\`;
      const re = /from 'in-a-regex'/;
      const el = <p>Don't import 'jsx-text' here</p>;
      import type { A } from 'types-only';
      export type { B } from 'types-only-too';
      import { type C, d } from 'mixed';
      Array.from('not-an-import');
      obj.require('not-either');
    `;
    expect(scanImports(src)).toEqual(['mixed']);
  });
});

describe('importedPackages', () => {
  it('names packages, not subpaths, URLs, built-ins or project paths', () => {
    expect(packageOf('react-dom/client')).toBe('react-dom');
    expect(packageOf('@scope/pkg/deep/file.js')).toBe('@scope/pkg');
    expect(packageOf('./local')).toBeNull();
    expect(packageOf('/abs')).toBeNull();
    expect(packageOf('https://esm.sh/x')).toBeNull();
    expect(packageOf('node:fs')).toBeNull();
    expect(packageOf('Not A Package')).toBeNull();
    const files = {
      'src/a.ts': {
        kind: 'text' as const,
        text: "import 'zod';\nimport x from 'react/jsx-runtime';",
      },
      'src/b.tsx': { kind: 'text' as const, text: "import { z } from 'zod';" },
      'notes.md': { kind: 'text' as const, text: "import 'not-code';" },
    };
    expect(importedPackages(files)).toEqual(['react', 'zod']);
  });
});
