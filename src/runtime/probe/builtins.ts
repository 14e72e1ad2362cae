/**
 * The calls a logpoint makes: a fixed list of pure built-ins, captured when the runtime loads
 * (a function the program put in their place is not on the list), called only with primitive
 * arguments (converting an object runs its valueOf or toString). Anything else is a call of the
 * program's code, and not made.
 */
import { apply, mapGetOf, mapSetOf } from '../intrinsics.ts';
import { isProxy } from '../proxy-registry.ts';
import { isPrimitive, thrown, unread, type EvalContext, type FAIL } from './eval-context.ts';
import { thrownText } from './thrown-text.ts';

/** What a built-in accepts: `this` of a primitive type, arguments that are primitives or anything. */
interface Rule {
  /** typeof `this` a method needs (a string's `slice` on a string); absent: any. */
  thisArg?: 'string' | 'number' | 'bigint' | 'symbol';
  /** Takes objects too, converting nothing of them (Array.isArray, Object.is, Object.keys). */
  anyArgs?: boolean;
  /** Object.keys: its argument must not be a Proxy (its ownKeys trap would run). */
  noProxy?: boolean;
  /** Length of the string it would make, checked first (repeat, padStart): a logpoint makes none over MAX_MADE. */
  makes?: (thisArg: unknown, args: readonly unknown[]) => number;
}

/** Longest string a logpoint's call may make. */
const MAX_MADE = 1_000_000;

const rules = new Map<unknown, Rule>();
const add = (fn: unknown, rule: Rule) => {
  if (typeof fn === 'function') mapSetOf(rules, fn, rule);
};
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' ? +v : 0);

for (const name of Object.getOwnPropertyNames(Math)) {
  // Math.random draws from the run's seeded random once the run installs it: never called.
  if (name !== 'random') add((Math as unknown as Record<string, unknown>)[name], {});
}
for (const fn of [
  Number.isFinite,
  Number.isNaN,
  Number.isInteger,
  Number.isSafeInteger,
  Number.parseFloat,
  Number.parseInt,
  isFinite,
  isNaN,
  String,
  Number,
  Boolean,
  String.fromCharCode,
  String.fromCodePoint,
]) {
  add(fn, {});
}
add(Array.isArray, { anyArgs: true });
add(Object.is, { anyArgs: true });
add(Object.keys, { anyArgs: true, noProxy: true });
const STRING_METHODS = [
  'at', 'charAt', 'charCodeAt', 'codePointAt', 'concat', 'endsWith', 'includes', 'indexOf',
  'isWellFormed', 'lastIndexOf', 'normalize', 'slice', 'startsWith', 'substring', 'substr',
  'toLowerCase', 'toString', 'toUpperCase', 'toWellFormed', 'trim', 'trimEnd', 'trimStart',
  'valueOf',
] as const; // prettier-ignore
const stringProto = String.prototype as unknown as Record<string, unknown>;
for (const name of STRING_METHODS) add(stringProto[name], { thisArg: 'string' });
// Their arguments are read by index: destructuring would go through the array iterator.
add(String.prototype.repeat, {
  thisArg: 'string',
  makes: (s, args) => (s as string).length * num(args[0]),
});
add(String.prototype.padStart, { thisArg: 'string', makes: (_, args) => num(args[0]) });
add(String.prototype.padEnd, { thisArg: 'string', makes: (_, args) => num(args[0]) });
for (const fn of [
  Number.prototype.toFixed,
  Number.prototype.toPrecision,
  Number.prototype.toExponential,
  Number.prototype.toString,
  Number.prototype.valueOf,
]) {
  add(fn, { thisArg: 'number' });
}
add(BigInt.prototype.toString, { thisArg: 'bigint' });
add(Symbol.prototype.toString, { thisArg: 'symbol' });

/** True when `fn` is one of the built-ins a logpoint calls. */
export function isPureBuiltin(fn: unknown): boolean {
  return mapGetOf(rules, fn) !== undefined;
}

/** The reason a call of the program's code (or a built-in not on the list) is not made. */
export function notMade(c: EvalContext, text: string): typeof FAIL {
  return unread(
    c,
    `${text} is a call: a logpoint calls only pure built-ins (Math.max, s.slice, n.toFixed…) with primitive arguments`,
  );
}

/**
 * `fn` called with `thisArg` and `args` when it is a pure built-in and they suit it; else the
 * reason (FAIL). `text` is the call's expression text; `argTexts` its arguments'.
 */
export function callBuiltin(
  c: EvalContext,
  fn: unknown,
  thisArg: unknown,
  args: unknown[],
  text: string,
  argTexts: readonly string[],
): unknown {
  const rule = mapGetOf(rules, fn);
  if (rule === undefined) return notMade(c, text);
  if (rule.thisArg !== undefined && typeof thisArg !== rule.thisArg) {
    return unread(c, `${text}: a logpoint calls this method on a ${rule.thisArg} only`);
  }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (rule.noProxy && isProxy(arg)) {
      return unread(
        c,
        `${text}: ${argTexts[i] ?? 'an argument'} is a Proxy: a logpoint does not run its traps`,
      );
    }
    if (!rule.anyArgs && !isPrimitive(arg)) {
      return unread(
        c,
        `${text}: ${argTexts[i] ?? 'an argument'} is an object; a logpoint passes built-ins primitives only (converting an object runs its valueOf or toString)`,
      );
    }
  }
  try {
    if (rule.makes && !(rule.makes(thisArg, args) <= MAX_MADE)) {
      return unread(
        c,
        `${text} would make a string over ${MAX_MADE} characters: not made by a logpoint`,
      );
    }
    return apply(fn as () => unknown, thisArg, args);
  } catch (error) {
    return thrown(c, thrownText(error));
  }
}
