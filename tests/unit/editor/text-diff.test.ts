import { describe, expect, it } from 'vitest';
import { minimalReplacement } from '../../../src/editor/text-diff';

function apply(before: string, after: string) {
  const r = minimalReplacement(before, after);
  return { r, result: before.slice(0, r.start) + r.text + before.slice(r.end) };
}

describe('minimalReplacement', () => {
  it.each([
    ['', ''],
    ['', 'abc'],
    ['abc', ''],
    ['hello world', 'hello brave world'],
    ['aaaa', 'aa'],
    ['aa', 'aaaa'],
    ['const x = 1;\nconst y = 2;\n', 'const x = 1;\nconst z = 3;\n'],
    ['abcabc', 'abc'],
    ['😀 smile', '😃 smile'],
    ['a\r\nb', 'a\nb'],
  ])('turns %j into %j', (before, after) => {
    expect(apply(before, after).result).toBe(after);
  });

  it('replaces only the changed span', () => {
    const before = 'line 1\nline 2\nline 3\n';
    const { r } = apply(before, 'line 1\nline two\nline 3\n');
    expect(before.slice(0, r.start)).toBe('line 1\nline ');
    expect(before.slice(r.end)).toBe('\nline 3\n');
    expect(r.text).toBe('two');
  });

  it('is empty when nothing changed', () => {
    const { r } = apply('same', 'same');
    expect(r.text).toBe('');
    expect(r.end - r.start).toBe(0);
  });

  it('never splits a surrogate pair', () => {
    // 😀 and 😃 share their high surrogate; the replacement must take the whole pair.
    const { r } = apply('x😀y', 'x😃y');
    expect(r.text).toBe('😃');
    expect(r.start).toBe(1);
  });
});
