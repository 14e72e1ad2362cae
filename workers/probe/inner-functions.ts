/**
 * What a line's default expression (default-expression.ts) leaves out because the probe cannot
 * read it there: the parameters of arrow functions it is outside of, and names declared inside
 * a bracket the line opens.
 */
import type { LineToken } from './line-tokens';

/** Names of a line the probe cannot read, by where they stand. */
export interface InnerFunctions {
  /** Indices of the tokens of those arrows' parameter lists. */
  params: Set<number>;
  /** Those arrows' bodies (from the `=>` to their end, token indices) and the names they bind. */
  bodies: { from: number; to: number; names: Set<string> }[];
  /** Names declared after a `{` opened on the line. */
  nested: Set<string>;
}

/**
 * Names the probe cannot read, left out. Parameters of arrow functions that start and end on
 * the line inside a bracket (`(e) => log(e)` as a call's argument) or as the line's statement's
 * value (`el.onclick = (e) => { … };`): the probe goes after the statement, outside them (what
 * reads them in the body is left out too). An arrow that is the value the line declares
 * (`const f = (n) => n * 2`) or whose body goes on to later lines (`items.forEach((item) => {`)
 * gets the probe inside, and keeps them. And names declared after a `{` on the line (`nested`).
 */
export function innerFunctions(tokens: readonly LineToken[]): InnerFunctions {
  const open: number[] = [];
  const closeOf = new Map<number, number>();
  const openOf = new Map<number, number>();
  const parent: number[] = [];
  tokens.forEach((t, i) => {
    parent[i] = open[open.length - 1] ?? -1;
    const v = t.value;
    const punct = t.type === 'Punctuator' || t.type === 'JSXPunctuator';
    if (punct && (v === '(' || v === '[' || v === '{')) open.push(i);
    else if (punct && (v === ')' || v === ']' || v === '}') && open.length > 0) {
      const o = open.pop()!;
      closeOf.set(o, i);
      openOf.set(i, o);
      parent[i] = open[open.length - 1] ?? -1;
    }
  });
  const params = new Set<number>();
  const bodies: { from: number; to: number; names: Set<string> }[] = [];
  let head = 0;
  while (tokens[head]?.value === 'export' || tokens[head]?.value === 'default') head++;
  const declaration = /^(?:const|let|var)$/.test(tokens[head]?.value ?? '');
  /**
   * Names declared inside a `{` opened on the line: in a block the probe enters before they are
   * set (their temporal dead zone), or in a function it is outside of.
   */
  const nested = new Set<string>();
  tokens.forEach((t, i) => {
    if (t.type !== 'IdentifierName' || !/^(?:const|let|var|class)$/.test(t.value)) return;
    let up = parent[i]!;
    while (up >= 0 && tokens[up]!.value !== '{') up = parent[up]!;
    if (up < 0) return;
    const next = tokens[i + 1];
    if (next?.type === 'IdentifierName') return void nested.add(next.value);
    const close = next && closeOf.get(i + 1);
    if (close === undefined) return;
    for (let k = i + 2; k < close; k++) {
      const p = tokens[k]!;
      if (p.type === 'IdentifierName' && tokens[k + 1]?.value !== ':') nested.add(p.value);
    }
  });
  tokens.forEach((t, i) => {
    if (t.value !== '=>' || t.type !== 'Punctuator') return;
    const before = tokens[i - 1];
    let from: number;
    if (before?.value === ')' && openOf.has(i - 1)) from = openOf.get(i - 1)!;
    else if (before?.type === 'IdentifierName') from = i - 1;
    else return;
    const container = parent[from]!;
    let end = container >= 0 ? closeOf.get(container) : undefined;
    // The line's own statement (`el.onclick = (e) => { … };`), unless it declares the arrow.
    if (container < 0 && !declaration) {
      const body = tokens[i + 1];
      if (body?.value === '{') end = closeOf.get(i + 1);
      else if (tokens[tokens.length - 1]?.value === ';') end = tokens.length;
    }
    if (end === undefined) return;
    const names = new Set<string>();
    for (let k = from; k < i; k++) {
      const p = tokens[k]!;
      const binding = k === from || /^(?:\(|,|\{|\[|\.\.\.)$/.test(tokens[k - 1]?.value ?? '');
      if (p.type === 'IdentifierName' && binding) names.add(p.value);
      params.add(k);
    }
    bodies.push({ from: i, to: end, names });
  });
  return { params, bodies, nested };
}
