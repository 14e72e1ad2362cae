import type { LineToken } from './line-tokens';

/**
 * TypeScript's types in a line's tokens, to leave them out of a logpoint's default names:
 * `: Ball`, `): void {`, `as const`, `useState<number | null>(…)`.
 */

/** Words inside a type that expect another type after them (`keyof T`, `readonly T[]`). */
const TYPE_PREFIXES = new Set(['keyof', 'typeof', 'readonly', 'unique', 'infer', 'asserts', 'is']);

const isCloser = (value: string, close: string) =>
  close === '>' ? /^>+$/.test(value) : value === close;

/** The index after the bracket group opening at `at` (`<…>` counts `>>` as two). */
export function skipBalanced(tokens: readonly LineToken[], at: number): number {
  const open = tokens[at]!.value;
  const close = ({ '<': '>', '(': ')', '[': ']', '{': '}' } as Record<string, string>)[open]!;
  let depth = 0;
  for (let i = at; i < tokens.length; i++) {
    const v = tokens[i]!.value;
    if (v === open) depth++;
    else if (isCloser(v, close)) {
      depth -= close === '>' ? v.length : 1;
      if (depth <= 0) return i + 1;
    }
  }
  return tokens.length;
}

/** The index after a type that starts at `at` (after `:`, `as`, `satisfies`). */
export function skipType(tokens: readonly LineToken[], at: number): number {
  let expectType = true;
  let i = at;
  while (i < tokens.length) {
    const t = tokens[i]!;
    const v = t.value;
    if (
      t.type === 'IdentifierName' ||
      t.type === 'StringLiteral' ||
      t.type === 'NumericLiteral' ||
      t.type === 'NoSubstitutionTemplate'
    ) {
      if (!expectType) return i;
      expectType = TYPE_PREFIXES.has(v);
      i++;
    } else if (v === '.' || v === '|' || v === '&') {
      expectType = true;
      i++;
    } else if (v === '<' || v === '[') {
      i = skipBalanced(tokens, i);
      expectType = false;
    } else if ((v === '(' || v === '{') && expectType) {
      i = skipBalanced(tokens, i);
      // `(a: number) => void`: a function type goes on after its arrow.
      expectType = v === '(' && tokens[i]?.value === '=>';
      if (expectType) i++;
    } else return i;
  }
  return i;
}

/** The index after generic arguments at `at` (`<`), when they are ones (`f<T>(`), else null. */
export function genericEnd(tokens: readonly LineToken[], at: number): number | null {
  const end = skipBalanced(tokens, at);
  for (let i = at + 1; i < end - 1; i++) {
    const t = tokens[i]!;
    if (t.type !== 'IdentifierName' && !/^(?:[<>,.|&[\](){}:?]|=>|>+|\.\.\.)$/.test(t.value))
      if (t.type !== 'StringLiteral' && t.type !== 'NumericLiteral') return null;
  }
  return end <= tokens.length && tokens[end - 1] && /^>+$/.test(tokens[end - 1]!.value)
    ? end
    : null;
}
