import { describe, expect, it } from 'vitest';
import { createFileMirror } from '../../../../workers/bundler/file-mirror';

describe("the bundler worker's mirror of the project", () => {
  const a = { kind: 'text', text: 'a' } as const;
  const b = { kind: 'text', text: 'b' } as const;

  it('applies changes, deletions and a reset, and says when paths changed', () => {
    const mirror = createFileMirror();
    expect(mirror.apply({ 'a.ts': a, 'b.ts': b }, true)).toEqual({
      changed: ['a.ts', 'b.ts'],
      pathsChanged: true,
    });
    expect(mirror.apply({ 'a.ts': { ...a } }, false)).toEqual({
      changed: ['a.ts'],
      pathsChanged: false,
    });
    expect(mirror.apply({ 'b.ts': null }, false)).toEqual({
      changed: ['b.ts'],
      pathsChanged: true,
    });
    expect(Object.keys(mirror.files)).toEqual(['a.ts']);
    mirror.apply({ 'c.ts': a }, true);
    expect(Object.keys(mirror.files)).toEqual(['c.ts']);
  });

  it('keeps a file named __proto__ as a file', () => {
    const mirror = createFileMirror();
    mirror.apply(Object.fromEntries([['__proto__', a]]), true);
    expect(Object.keys(mirror.files)).toEqual(['__proto__']);
    expect(mirror.files['__proto__']).toBe(a);
    mirror.apply(Object.fromEntries([['__proto__', null]]), false);
    expect(Object.keys(mirror.files)).toEqual([]);
  });
});
