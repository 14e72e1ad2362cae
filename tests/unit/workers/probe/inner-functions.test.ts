import { describe, expect, it } from 'vitest';
import { innerFunctions } from '../../../../workers/probe/inner-functions';
import { lineTokens } from '../../../../workers/probe/line-tokens';

/** The values of the tokens at `indices`, in line order. */
const values = (line: string, indices: Set<number>) => {
  const tokens = lineTokens(line);
  return [...indices].sort((a, b) => a - b).map((i) => tokens[i]!.value);
};

describe('names of a line the probe cannot read', () => {
  it('the parameters of an arrow that ends inside a call on the line', () => {
    const line = 'list.map(({ id, name }, i) => id + i + offset);';
    const inner = innerFunctions(lineTokens(line));
    expect(values(line, inner.params)).toEqual(['(', '{', 'id', ',', 'name', '}', ',', 'i', ')']);
    expect(inner.bodies.map((b) => [...b.names])).toEqual([['id', 'name', 'i']]);
    expect(inner.nested.size).toBe(0);
  });

  it('the statement’s own arrow, unless the line declares it or its body goes on below', () => {
    const handler = 'el.onclick = (e) => { log(e); };';
    expect(values(handler, innerFunctions(lineTokens(handler)).params)).toEqual(['(', 'e', ')']);
    expect(innerFunctions(lineTokens('const twice = (n) => n * 2;')).params.size).toBe(0);
    expect(innerFunctions(lineTokens('items.forEach((item) => {')).params.size).toBe(0);
  });

  it('names declared inside a brace opened on the line, a renamed one by its new name', () => {
    const inner = innerFunctions(
      lineTokens('if (ready) { const { a, b: c } = props; let n = 1; }'),
    );
    expect([...inner.nested]).toEqual(['a', 'c', 'n']);
    expect(innerFunctions(lineTokens('const total = a + b;')).nested.size).toBe(0);
  });
});
