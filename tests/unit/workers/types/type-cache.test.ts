import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openTypeCache } from '../../../../workers/types/type-cache';

describe('openTypeCache', () => {
  it('keeps files and known-missing files across openings (a reload)', async () => {
    const first = openTypeCache('types-test');
    await first.put('http://t/a@1.0.0/index.d.ts', 'export {}');
    await first.put('http://t/a@1.0.0/missing.d.ts', null);
    const second = openTypeCache('types-test');
    expect(await second.get('http://t/a@1.0.0/index.d.ts')).toBe('export {}');
    expect(await second.get('http://t/a@1.0.0/missing.d.ts')).toBeNull();
    expect(await second.get('http://t/a@1.0.0/other.d.ts')).toBeUndefined();
  });
});
