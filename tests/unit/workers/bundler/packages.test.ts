import { describe, expect, it } from 'vitest';
import { cdnUrl, readDependencies, splitPackage } from '../../../../workers/bundler/packages';
import { text } from './helpers';

describe('packages', () => {
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

  it('builds CDN URLs for aliases, local sources and bases without a slash', () => {
    const deps = {
      alias: 'npm:preact@10.1.0',
      local: 'file:../x',
      gh: 'user/repo',
      r: '>= 1.0 < 2',
    };
    expect(cdnUrl('alias/hooks', 'https://esm.sh/', deps)).toBe(
      'https://esm.sh/preact@10.1.0/hooks',
    );
    expect(cdnUrl('local', 'https://esm.sh/', deps)).toBe('https://esm.sh/local');
    expect(cdnUrl('gh', 'https://esm.sh/', deps)).toBe('https://esm.sh/gh');
    expect(cdnUrl('r', 'https://cdn.test', deps)).toBe('https://cdn.test/r@>=1.0%20<2');
  });
});
