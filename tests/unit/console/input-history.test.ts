import { describe, expect, it } from 'vitest';
import { createInputHistory } from '../../../src/console/input-history';

describe('console input history', () => {
  it('Up recalls older lines, Down newer ones, then the draft being written', () => {
    const h = createInputHistory();
    h.add('1 + 1');
    h.add('x * 2');
    expect(h.older('dra')).toBe('x * 2');
    expect(h.older('x * 2')).toBe('1 + 1');
    expect(h.older('1 + 1')).toBeNull(); // the oldest
    expect(h.newer('1 + 1')).toBe('x * 2');
    expect(h.newer('x * 2')).toBe('dra');
    expect(h.newer('dra')).toBeNull(); // not browsing any more
  });

  it('keeps edits to a recalled line while browsing, and forgets them after an evaluation', () => {
    const h = createInputHistory();
    h.add('a');
    h.add('b');
    expect(h.older('')).toBe('b');
    expect(h.older('b2')).toBe('a');
    expect(h.newer('a')).toBe('b2');
    h.add('b2');
    expect(h.older('')).toBe('b2');
    expect(h.older('b2')).toBe('b');
  });

  it('skips blank lines and an immediate repeat, and keeps at most `max` lines', () => {
    const h = createInputHistory(2);
    h.add('a');
    h.add('  ');
    h.add('b');
    h.add('b');
    h.add('c\nd');
    expect(h.lines()).toEqual(['b', 'c\nd']);
  });

  it('has nothing to recall before the first evaluation', () => {
    const h = createInputHistory();
    expect(h.older('typing')).toBeNull();
    expect(h.newer('typing')).toBeNull();
  });
});
