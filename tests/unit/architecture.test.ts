import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';
import { PARTS } from '../../eslint.architecture.js';

const eslint = new ESLint();

/** The rules a file breaks, linted as if it were written at `filePath`. */
async function broken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('the lint enforces the map (docs/architecture.md)', () => {
  test('the preview runtime imports nothing of the app', async () => {
    expect(
      await broken('src/runtime/probe.ts', "export { SHORTCUTS } from '../run/run-keys';"),
    ).toContain('boundaries/dependencies');
    expect(
      await broken(
        'src/runtime/probe.ts',
        "export type { RunShortcut } from '../protocol/run-shortcuts';",
      ),
    ).toEqual([]);
  });

  test('the preview imports no run/, not even a type', async () => {
    expect(
      await broken('src/preview/probe.ts', "export type { RunState } from '../run/controller';"),
    ).toContain('boundaries/dependencies');
  });

  test('the model imports no worker, UI folder or UI library', async () => {
    expect(
      await broken(
        'src/project/probe.ts',
        "export { cdnUrl } from '../../workers/bundler/cdn-url';",
      ),
    ).toContain('boundaries/dependencies');
    expect(
      await broken('src/project/probe.ts', "export { useStore } from '../ui/useStore';"),
    ).toContain('boundaries/dependencies');
    expect(await broken('src/project/probe.ts', "export { useState } from 'react';")).toContain(
      'no-restricted-imports',
    );
  });

  test('the worker imports no UI; a feature folder never imports the app', async () => {
    expect(
      await broken(
        'workers/bundler/probe.ts',
        "export type { Session } from '../../src/app/session';",
      ),
    ).toContain('boundaries/dependencies');
    expect(
      await broken('src/files/probe.ts', "export type { Session } from '../app/session';"),
    ).toContain('boundaries/dependencies');
  });

  test('an import the map allows passes', async () => {
    expect(
      await broken(
        'src/run/probe.ts',
        "export { createPreviewHost } from '../preview/preview-host';",
      ),
    ).toEqual([]);
  });
});

describe('the map itself', () => {
  test('no two parts can come to import each other, directly or round about', () => {
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (part: string, path: string[]): void => {
      if (state.get(part) === 'done') return;
      if (state.get(part) === 'visiting') throw new Error('cycle: ' + [...path, part].join(' → '));
      state.set(part, 'visiting');
      for (const next of PARTS[part]!.may) visit(next, [...path, part]);
      state.set(part, 'done');
    };
    for (const part of Object.keys(PARTS)) visit(part, []);
  });

  test('every folder of src/ and workers/ is a part of the map', () => {
    const mapped = new Set(Object.values(PARTS).map((part) => part.files));
    const folders = readdirSync('src', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => 'src/' + entry.name);
    expect(folders.filter((folder) => !mapped.has(folder))).toEqual([]);
    expect(mapped.has('workers')).toBe(true);
  });
});
