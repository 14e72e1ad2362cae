import { CONTEXTUAL, KEYWORDS, lineTokens, type LineToken } from './line-tokens';
import { innerFunctions } from './inner-functions';
import { genericEnd, skipType } from './type-tokens';

/**
 * The expression a new logpoint starts with: the names a line assigns or reads, as written,
 * e.g. `ball.x += ball.vx * dt;` → `ball.x, ball.vx, dt` and `const [v, setV] = useState(0)` →
 * `v, setV`. Left out: callees (`useState`, `ctx.fillRect`), keywords, JSX tag and attribute
 * names and text, TypeScript types, strings, numbers and comments, object keys and labels. At
 * most four names; `''` when the line has none (a comment, an import, a type).
 */
export const MAX_DEFAULT_NAMES = 4;

/** What a `{` opens, told by the token before it. */
type Bracket = { kind: 'paren' | 'square' | 'object' | 'block'; ternaries: number };

/** Tokens after which `{` is a block (`) {`, `=> {`, `else {`, `class A {`), not an object. */
const BLOCK_AFTER_PUNCTUATOR = new Set([')', ']', '}', '=>', ';']);
const OBJECT_AFTER_WORD = new Set([
  'return',
  'typeof',
  'case',
  'yield',
  'await',
  'in',
  'of',
  'const',
  'let',
  'var',
  'export',
  'throw',
  'void',
  'delete',
]);
/** A name right after these is a declaration's or a type's, not one to log. */
const NOT_A_VALUE_AFTER = new Set([
  'function',
  'class',
  'new',
  'extends',
  'implements',
  'interface',
  'type',
  'enum',
  'namespace',
  'module',
  'import',
  '@',
  '#',
]);
const LOOP_START = new Set(['for', 'while', 'do', '{']);

export function defaultExpression(lineText: string): string {
  let tokens = lineTokens(lineText);
  if (declaresNoValues(tokens)) return '';
  // A line of JSX text (`Count: {count}`) reads as JSX children, not as code.
  if (looksLikeJsxText(tokens)) tokens = lineTokens(`<>${lineText}`).slice(2);
  const names: string[] = [];
  const stack: Bracket[] = [{ kind: 'block', ternaries: 0 }];
  const first = tokens[0]?.value;
  const caseLine = first === 'case' || first === 'default';
  /** `x: ball.x + 1,` is a property of a multi-line object literal (`a: number,` a parameter's type). */
  const endsWithComma = tokens[tokens.length - 1]?.value === ',';
  /** A `let`/`const`/`var` came before: an annotated name is a variable, not a member. */
  let declared = false;
  const inner = innerFunctions(tokens);
  let i = 0;
  while (i < tokens.length && names.length < MAX_DEFAULT_NAMES) {
    const t = tokens[i]!;
    const prev = tokens[i - 1];
    const top = stack[stack.length - 1]!;
    if (t.type === 'Punctuator' || t.type === 'JSXPunctuator') {
      const v = t.value;
      if (v === '(' || (v === '{' && t.type === 'JSXPunctuator'))
        stack.push({ kind: 'paren', ternaries: 0 });
      else if (v === '[') stack.push({ kind: 'square', ternaries: 0 });
      else if (v === '{') stack.push({ kind: openedBy(prev), ternaries: 0 });
      else if ((v === ')' || v === ']' || v === '}') && stack.length > 1) stack.pop();
      else if (v === '?' && !/^[:),=]$/.test(tokens[i + 1]?.value ?? '')) top.ternaries++;
      else if (v === ':') {
        if (top.ternaries > 0) top.ternaries--;
        else if (annotates(top, prev, tokens[i + 1], caseLine, endsWithComma)) {
          i = skipType(tokens, i + 1);
          continue;
        }
      }
      i++;
      continue;
    }
    if (t.type !== 'IdentifierName' || inner.params.has(i)) {
      i++;
      continue;
    }
    const v = t.value;
    if (v === 'let' || v === 'const' || v === 'var') declared = true;
    if ((v === 'as' || v === 'satisfies') && i > 0) {
      i = skipType(tokens, i + 1);
      continue;
    }
    const next = tokens[i + 1];
    // A property of something that is not a name (`getPos().x`, `import.meta`, `a[0].b`).
    const property = prev?.value === '.' || prev?.value === '?.';
    const keyword =
      property ||
      (KEYWORDS.has(v) && v !== 'this') ||
      (CONTEXTUAL.has(v) && next !== undefined && startsName(next)) ||
      (prev !== undefined && NOT_A_VALUE_AFTER.has(prev.value));
    if (keyword) {
      i++;
      // `new Set<string>(…)`, `extends Base<T>`: the type arguments go with the skipped name.
      if (tokens[i]?.value === '<' && !tokens[i]!.spaced) i = genericEnd(tokens, i) ?? i;
      continue;
    }
    const { chain, end } = memberChain(tokens, i);
    const after = tokens[end];
    let called =
      after?.value === '(' ||
      (after?.value === '?.' && tokens[end + 1]?.value === '(') ||
      after?.type === 'TemplateHead' ||
      after?.type === 'NoSubstitutionTemplate';
    let resume = end;
    if (after?.value === '<' && !after.spaced) {
      const generic = genericEnd(tokens, end);
      if (generic !== null && tokens[generic]?.value === '(') {
        called = true;
        resume = generic;
      }
    }
    const colon = after?.value === '?' && tokens[end + 1]?.value === ':' ? end + 1 : end;
    const key =
      tokens[colon]?.value === ':' &&
      top.ternaries === 0 &&
      (top.kind === 'object' ||
        // A label, or a member's annotation (`x: number;` in a class or an interface).
        (top.kind === 'block' && !declared));
    const boundInside =
      inner.nested.has(v) || inner.bodies.some((b) => i > b.from && i < b.to && b.names.has(v));
    if (!called && !key && !boundInside && chain !== 'this' && !names.includes(chain))
      names.push(chain);
    i = resume;
  }
  return names.join(', ');
}

/** `ball`, `ball.x`, `this.size`, `a?.b` from `at`; a non-null `!` is dropped (`a!.b` → `a.b`). */
function memberChain(tokens: readonly LineToken[], at: number) {
  let chain = tokens[at]!.value;
  let i = at + 1;
  for (;;) {
    const bang = tokens[i]?.value === '!' && !tokens[i]!.spaced ? 1 : 0;
    const dot = tokens[i + bang];
    const name = tokens[i + bang + 1];
    if ((dot?.value === '.' || dot?.value === '?.') && name?.type === 'IdentifierName') {
      chain += `${dot.value}${name.value}`;
      i += bang + 2;
    } else {
      i += bang;
      return { chain, end: i };
    }
  }
}

const startsName = (t: LineToken): boolean =>
  t.type === 'IdentifierName' ||
  t.type === 'PrivateIdentifier' ||
  t.value === '[' ||
  t.value === '{' ||
  t.value === '*';

/** What a `{` opens after `prev`: an object literal or pattern, or a block. */
const openedBy = (prev: LineToken | undefined): Bracket['kind'] => {
  if (!prev) return 'object';
  if (prev.type === 'IdentifierName') return OBJECT_AFTER_WORD.has(prev.value) ? 'object' : 'block';
  return BLOCK_AFTER_PUNCTUATOR.has(prev.value) && prev.type === 'Punctuator' ? 'block' : 'object';
};

/**
 * Whether a `:` (not a conditional's) starts a type annotation: inside parentheses (parameters),
 * after `)` (a return type), or after a declared name (`let x: number`, `size: number;`), but not
 * a label's (`outer: for`) nor a case's.
 */
const annotates = (
  top: Bracket,
  prev: LineToken | undefined,
  next: LineToken | undefined,
  caseLine: boolean,
  endsWithComma: boolean,
): boolean => {
  if (top.kind === 'paren') return true;
  if (top.kind !== 'block' || caseLine) return false;
  if (prev?.value === ')') return true;
  if (endsWithComma && !PRIMITIVE_TYPES.has(next?.value ?? '')) return false;
  return !LOOP_START.has(next?.value ?? '');
};

const PRIMITIVE_TYPES = new Set(
  'number string boolean bigint symbol object any unknown never void null undefined'.split(' '),
);

/** Lines that declare only types or imports: `type X = …`, `interface`, `import … from`, `export { a }`. */
function declaresNoValues(tokens: readonly LineToken[]): boolean {
  let i = 0;
  const exported = tokens[0]?.value === 'export';
  while (tokens[i]?.value === 'export' || tokens[i]?.value === 'default') i++;
  const head = tokens[i];
  const next = tokens[i + 1];
  if (!head) return true;
  if (exported && (head.value === '{' || head.value === '*')) return true;
  switch (head.value) {
    case 'import':
      return next?.value !== '(' && next?.value !== '.';
    case 'type':
    case 'interface':
    case 'namespace':
    case 'module':
      return next?.type === 'IdentifierName' || next?.type === 'StringLiteral';
    case 'declare':
    case 'enum':
      return next?.type === 'IdentifierName';
    default:
      return false;
  }
}

/** `Hello {name}!` or `Count: {count}` inside JSX: words that are not code before a `{`. */
function looksLikeJsxText(tokens: readonly LineToken[]): boolean {
  const [a, b, c] = tokens;
  const word = (t: LineToken | undefined) =>
    t?.type === 'IdentifierName' && !KEYWORDS.has(t.value) && !CONTEXTUAL.has(t.value);
  if (!word(a) || !tokens.some((t) => t.value === '{')) return false;
  // Two words in a row, or a word right before `{`, are not JavaScript.
  if (word(b) || b?.value === '{') return true;
  const last = tokens[tokens.length - 1]?.value;
  return (
    b?.value === ':' && c?.value === '{' && last === '}' && !tokens.some((t) => t.value === '=')
  );
}
