/**
 * Operators as a logpoint applies them: on primitives only, where the engine converts nothing
 * of the program's (an object operand would run its valueOf, toString or
 * Symbol.toPrimitive). `===`, `!==`, `!`, `typeof` and `void` take anything: they convert
 * nothing. `==` takes two objects (identity) or an object and null/undefined (false).
 * `in` and `instanceof` are refused: they run Proxy traps and Symbol.hasInstance.
 */
import { isPrimitive, thrown, unread, type EvalContext } from './eval-context.ts';
import { thrownText } from './thrown-text.ts';

const CONVERTS = 'with valueOf or toString: a logpoint does not run them';

export function unaryOp(
  c: EvalContext,
  op: string,
  v: unknown,
  text: string,
  argText: string,
): unknown {
  switch (op) {
    case '!':
      return !v;
    case 'typeof':
      return typeof v;
    case 'void':
      return undefined;
  }
  if (!isPrimitive(v)) return unread(c, `${text} would convert ${argText} (an object) ${CONVERTS}`);
  try {
    switch (op) {
      case '-':
        return -(v as number);
      case '+':
        return +(v as number);
      case '~':
        return ~(v as number);
    }
  } catch (error) {
    return thrown(c, thrownText(error)); // +1n, -Symbol()
  }
  return unread(c, `${text}: a logpoint does not apply ${op}`);
}

export function binaryOp(
  c: EvalContext,
  op: string,
  a: unknown,
  b: unknown,
  text: string,
  leftText: string,
  rightText: string,
): unknown {
  if (op === '===') return a === b;
  if (op === '!==') return a !== b;
  if (op === 'in' || op === 'instanceof') {
    return unread(
      c,
      `${text}: a logpoint does not use ${op} (it can run Proxy traps and Symbol.hasInstance)`,
    );
  }
  const aPrim = isPrimitive(a);
  const bPrim = isPrimitive(b);
  if ((op === '==' || op === '!=') && (!aPrim || !bPrim)) {
    // Two objects: identity. An object and null or undefined: not equal (document.all aside,
    // which the engine compares without converting).
    if (!aPrim && !bPrim) return op === '==' ? a === b : a !== b;
    const other = aPrim ? a : b;
    if (other === null || other === undefined) return op === '==' ? a == b : a != b;
  }
  if (!aPrim || !bPrim) {
    const objText = aPrim ? rightText : leftText;
    return unread(c, `${text} would convert ${objText} (an object) ${CONVERTS}`);
  }
  let out: unknown;
  try {
    out = primitiveOp(op, a as never, b as never);
  } catch (error) {
    return thrown(c, thrownText(error)); // 1n + 1, Symbol() + ''
  }
  return out === UNKNOWN ? unread(c, `${text}: a logpoint does not apply ${op}`) : out;
}

const UNKNOWN: unique symbol = Symbol('probe: unknown operator');

/** The operator on two primitives (nothing of the program's runs). */
function primitiveOp(op: string, a: number, b: number): unknown {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b;
    case '**':
      return a ** b;
    case '==':
      return a == b;
    case '!=':
      return a != b;
    case '<':
      return a < b;
    case '>':
      return a > b;
    case '<=':
      return a <= b;
    case '>=':
      return a >= b;
    case '&':
      return a & b;
    case '|':
      return a | b;
    case '^':
      return a ^ b;
    case '<<':
      return a << b;
    case '>>':
      return a >> b;
    case '>>>':
      return a >>> b;
    default:
      return UNKNOWN;
  }
}
