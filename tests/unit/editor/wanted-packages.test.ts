import { describe, expect, it } from 'vitest';
import { wantedPackages } from '../../../src/editor/package-types/wanted-packages';
import { bareModuleDeclarations } from '../../../src/editor/ambient';
import { isScriptPath } from '../../../src/project/model/file-types';
import type { ProjectFile } from '../../../src/protocol';

const text = (t: string): ProjectFile => ({ kind: 'text', text: t });

describe('wantedPackages', () => {
  it('lists imported packages with their subpaths, not React, URLs, node: or relative imports', () => {
    const files = {
      'src/a.ts': text(
        [
          "import { zip } from 'fflate';",
          "import { gzip } from 'fflate/browser';",
          "import { useState } from 'react';",
          "import x from 'https://esm.sh/nanoid@5';",
          "import fs from 'node:fs';",
          "import { b } from './b';",
          "import { q } from '@tanstack/query-core';",
        ].join('\n'),
      ),
      'README.md': text("import nope from 'not-a-script';"),
    };
    expect([...wantedPackages(files)]).toEqual([
      ['fflate', ['', '/browser']],
      ['@tanstack/query-core', ['']],
    ]);
  });
});

describe('bareModuleDeclarations with typed packages', () => {
  it('leaves out packages whose types were fetched, with their subpaths', () => {
    const files = {
      'src/a.ts': text(
        "import { zip } from 'fflate';\nimport { gzip } from 'fflate/browser';\nimport ms from 'ms';",
      ),
      'package.json': text('{ "dependencies": { "fflate": "^0.8.0", "ms": "2" } }'),
    };
    expect(
      bareModuleDeclarations(files, isScriptPath, undefined, new Set(['fflate'])).split('\n'),
    ).toEqual(['declare module "ms";', 'declare module "ms/*";']);
  });
});
