import { describe, expect, it } from 'vitest';
import { fileChanges } from '../../../../src/project/model/file-changes';

describe('fileChanges', () => {
  const a = { kind: 'text', text: 'a' } as const;
  const b = { kind: 'text', text: 'b' } as const;

  it('lists added and replaced files by identity, and removed paths as null', () => {
    const before = { 'x.ts': a, 'y.ts': b, 'gone.ts': a };
    const after = { 'x.ts': a, 'y.ts': { ...b }, 'new.ts': b };
    expect(fileChanges(before, after)).toEqual({
      'y.ts': { kind: 'text', text: 'b' },
      'new.ts': b,
      'gone.ts': null,
    });
    expect(fileChanges(after, after)).toEqual({});
  });

  it('keeps a file named __proto__ as a plain entry, added or removed', () => {
    const odd = Object.fromEntries([['__proto__', a]]);
    const added = fileChanges({}, odd);
    expect(Object.keys(added)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(added)).toBe(Object.prototype);
    expect(Object.keys(fileChanges(odd, {}))).toEqual(['__proto__']);
  });
});
