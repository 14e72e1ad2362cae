import { describe, expect, it } from 'vitest';
import { URI } from 'monaco-editor/base/common/uri';
import { createModelLookup } from '../../../workers/typescript/model-lookup';

const model = (path: string) => ({ uri: URI.file(path), path });

/** A worker's mirror models and a microtask checkpoint the test runs by hand. */
function worker(paths: string[]) {
  const models = paths.map(model);
  let built = 0;
  const drops: (() => void)[] = [];
  const lookup = createModelLookup(
    () => {
      built++;
      return models;
    },
    (drop) => drops.push(drop),
  );
  return {
    models,
    lookup,
    builds: () => built,
    endSync: () => drops.splice(0).forEach((drop) => drop()),
  };
}

describe("the TypeScript worker's model lookup", () => {
  it('finds a model by its URI encoded or not, as Monaco does, and nothing else', () => {
    const w = worker(['/src/a b.ts', '/src/main.tsx']);
    const spaced = w.models[0]!;
    expect(spaced.uri.toString()).toBe('file:///src/a%20b.ts');
    expect(w.lookup('file:///src/a%20b.ts')).toBe(spaced);
    expect(w.lookup('file:///src/a b.ts')).toBe(spaced);
    expect(w.lookup('file:///src/main.tsx')).toBe(w.models[1]);
    expect(w.lookup('file:///src/other.ts')).toBeNull();
    expect(w.lookup('lib.dom.d.ts')).toBeNull();
  });

  it('reads the models once per synchronous run, however many files are looked up', () => {
    const paths = Array.from({ length: 300 }, (_, i) => `/src/m${i}.ts`);
    const w = worker(paths);
    for (const path of paths) expect(w.lookup(`file://${path}`)?.path).toBe(path);
    expect(w.builds()).toBe(1);
    w.endSync();
    w.lookup('file:///src/m0.ts');
    expect(w.builds()).toBe(2);
  });

  it('sees models added and removed between runs', () => {
    const w = worker(['/src/a.ts']);
    expect(w.lookup('file:///src/b.ts')).toBeNull();
    w.endSync();
    w.models.push(model('/src/b.ts'));
    w.models.shift();
    expect(w.lookup('file:///src/b.ts')?.path).toBe('/src/b.ts');
    expect(w.lookup('file:///src/a.ts')).toBeNull();
  });

  it('gives the first model when two answer to the same name', () => {
    const first = { uri: { toString: (skip?: boolean) => (skip ? 'x' : 'file:///x') } };
    const second = { uri: { toString: () => 'x' } };
    const lookup = createModelLookup(
      () => [first, second],
      () => {},
    );
    expect(lookup('x')).toBe(first);
  });
});
