import { describe, expect, it } from 'vitest';
import { readDependencies, splitPackage } from '../../../../src/project/model/package-json';
import type { ProjectFile } from '../../../../src/protocol';

const text = (t: string): ProjectFile => ({ kind: 'text', text: t });

describe('package-json', () => {
  it('reads dependencies and devDependencies, dependencies winning', () => {
    const pkg = text(
      JSON.stringify({
        dependencies: { a: '1.0.0', b: '^2' },
        devDependencies: { b: '3', c: '~4.1' },
      }),
    );
    expect(readDependencies(pkg)).toEqual({ a: '1.0.0', b: '^2', c: '~4.1' });
    expect(readDependencies(text('{ not json'))).toEqual({});
    expect(readDependencies(undefined)).toEqual({});
  });

  it('splits scoped and unscoped names from subpaths', () => {
    expect(splitPackage('a/b/c')).toEqual({ name: 'a', subpath: '/b/c' });
    expect(splitPackage('@s/a/b')).toEqual({ name: '@s/a', subpath: '/b' });
    expect(splitPackage('@s')).toBeNull();
  });
});
