import { describe, expect, it } from 'vitest';
import { cdnUrl } from '../../../../workers/bundler/cdn-url';

describe('cdnUrl', () => {
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
