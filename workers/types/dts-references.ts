/**
 * What a declaration file refers to, found by scanning its text (no TypeScript compiler in
 * the worker: a second copy of TypeScript would cost megabytes for what these few patterns
 * find, as `ts.preProcessFile` does for @typescript/ata).
 */

/** The references of one .d.ts file. */
export interface DtsReferences {
  /** `./x`, `../y` specifiers and `/// <reference path>` files, as written. */
  relative: string[];
  /** Bare specifiers (`other-pkg`, `@s/p/sub`) and `/// <reference types>` names. */
  packages: string[];
}

const TRIPLE_SLASH = /^\s*\/\/\/\s*<reference\s+(path|types)\s*=\s*(['"])([^'"]+)\2/gm;
const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
// `from 'x'`, `import 'x'`, `import('x')`, `require('x')` (in `import x = require('x')`).
const SPECIFIER = /(?:\bfrom|\bimport|\bimport\s*\(|\brequire\s*\()\s*(['"])([^'"\n]+)\1/g;

const isRelative = (spec: string) => spec.startsWith('./') || spec.startsWith('../');

/** Scans one declaration file; each specifier is listed once. */
export function dtsReferences(text: string): DtsReferences {
  const relative = new Set<string>();
  const packages = new Set<string>();
  for (const [, kind, , target] of text.matchAll(TRIPLE_SLASH)) {
    if (kind === 'path') relative.add(target!.startsWith('.') ? target! : './' + target!);
    else packages.add(target!);
  }
  for (const [, , spec] of text.replace(COMMENTS, '').matchAll(SPECIFIER)) {
    if (isRelative(spec!)) relative.add(spec!);
    else if (!spec!.startsWith('/') && !spec!.includes(':')) packages.add(spec!);
  }
  return { relative: [...relative], packages: [...packages] };
}
