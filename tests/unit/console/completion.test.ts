import { describe, expect, it } from 'vitest';
import { complete, completionsFor, MAX_COMPLETIONS, wordAt } from '../../../src/console/completion';

// The browser's own global names stand in for what the preview sends.
const names = Object.getOwnPropertyNames(globalThis);

describe('the word completed at the caret', () => {
  it('is the identifier ending at the caret', () => {
    expect(wordAt('docu', 4)).toEqual({ start: 0, prefix: 'docu' });
    expect(wordAt('1 + Mat', 7)).toEqual({ start: 4, prefix: 'Mat' });
    expect(wordAt('let a = 1;\nconsole.log(a, $x', 28)).toEqual({ start: 26, prefix: '$x' });
  });

  it('is none after a dot, in a number, a string, a comment or the middle of a word', () => {
    expect(wordAt('document.bo', 11)).toBeNull();
    expect(wordAt('a?.bo', 5)).toBeNull();
    expect(wordAt('1e5', 3)).toBeNull();
    expect(wordAt('"docu', 5)).toBeNull();
    expect(wordAt("'it\\'s docu", 11)).toBeNull();
    expect(wordAt('`${docu', 7)).toBeNull();
    expect(wordAt('// docu', 7)).toBeNull();
    expect(wordAt('/* docu', 7)).toBeNull();
    expect(wordAt('/* a */ docu', 12)).toEqual({ start: 8, prefix: 'docu' });
    expect(wordAt('"a" + docu', 10)).toEqual({ start: 6, prefix: 'docu' });
    expect(wordAt('document', 4)).toBeNull();
    expect(wordAt('1 + ', 4)).toBeNull();
  });
});

describe('completions', () => {
  it('lists names that start with the prefix as typed, then ignoring case, with keywords', () => {
    expect(completionsFor(names, 'parseF')).toEqual(['parseFloat']);
    expect(completionsFor(['Answer', 'answer', 'ant'], 'an')).toEqual(['answer', 'ant', 'Answer']);
    expect(completionsFor(names, 'typ')).toContain('typeof');
    expect(completionsFor(names, 'Mat')).toContain('Math');
  });

  it('is empty when nothing is left to complete, and bounded', () => {
    expect(completionsFor(['document'], 'document')).toEqual([]);
    expect(completionsFor(names, 'zzzq')).toEqual([]);
    expect(completionsFor(names, 'a').length).toBeLessThanOrEqual(MAX_COMPLETIONS);
  });

  it('replaces the word and puts the caret after the name', () => {
    const text = 'Math.max(1, parseF) + 1';
    const word = wordAt(text, 18)!;
    expect(complete(text, word, 'parseFloat')).toEqual({
      text: 'Math.max(1, parseFloat) + 1',
      caret: 22,
    });
  });
});
