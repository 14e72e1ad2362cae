/**
 * A logpoint's expression (ProbeExpr), compiled once per run, before the program runs, into
 * closures that evaluate it at each hit without running anything of the program's
 * (docs/logpoints.md, "What the runtime evaluates"). Compiling first also means nothing of the
 * host's plan is read after the program started (it could have put getters on
 * Object.prototype that a missing field would find).
 */
import type { ProbeExpr } from '../../protocol/index.ts';
import {
  append,
  BigIntCtor,
  construct,
  defineProperty,
  RegExpCtor,
  StringCtor,
} from '../intrinsics.ts';
import { callBuiltin, isPureBuiltin, notMade } from './builtins.ts';
import {
  FAIL,
  isPrimitive,
  SHORT,
  thrown,
  unread,
  valueOf,
  type EvalContext,
  type Node,
} from './eval-context.ts';
import { exprText, keyName } from './expr-text.ts';
import { binaryOp, unaryOp } from './operators.ts';
import { keyText, NOT_FOUND, readGlobal, readProperty } from './property-read.ts';
import { thrownText } from './thrown-text.ts';

export interface CompileEnv {
  /** Where globals are read (the preview's window). */
  global: object;
  /** Grows to the highest slot index used + 1 (the per-hit slot cache's size). */
  slots: number;
}

/** Deepest expression tree compiled (deeper ones are refused: the printer and the stack stay small). */
const MAX_NESTING = 100;

export function compile(expr: ProbeExpr, env: CompileEnv, nesting = 0): Node {
  if (nesting > MAX_NESTING || typeof expr !== 'object' || expr === null) {
    return (c) => unread(c, 'This expression is nested too deeply for a logpoint');
  }
  const sub = (e: ProbeExpr) => compile(e, env, nesting + 1);
  const text = exprText(expr);
  switch (expr.k) {
    case 'lit': {
      const v = expr.v;
      return () => v;
    }
    case 'bigint': {
      let v: bigint | undefined;
      let error = '';
      try {
        v = BigIntCtor(expr.v);
      } catch (e) {
        error = thrownText(e);
      }
      return (c) => (v === undefined ? thrown(c, error) : v);
    }
    case 'regexp': {
      const { pattern, flags } = expr;
      return (c) => {
        try {
          return construct(RegExpCtor, [pattern, flags]);
        } catch (e) {
          return thrown(c, thrownText(e));
        }
      };
    }
    case 'name':
      if (typeof expr.slot === 'number') return slotNode(expr.slot, env);
      return globalNode(expr.name, env.global);
    case 'this':
      return slotNode(expr.slot, env);
    case 'get':
      return getNode(expr, sub, text);
    case 'unary':
      return unaryNode(expr, env, sub, text);
    case 'binary': {
      const left = sub(expr.left);
      const right = sub(expr.right);
      const op = expr.op;
      const leftText = exprText(expr.left);
      const rightText = exprText(expr.right);
      return (c) => {
        const a = valueOf(left, c);
        if (a === FAIL) return FAIL;
        const b = valueOf(right, c);
        if (b === FAIL) return FAIL;
        return binaryOp(c, op, a, b, text, leftText, rightText);
      };
    }
    case 'logical': {
      const left = sub(expr.left);
      const right = sub(expr.right);
      const op = expr.op;
      return (c) => {
        const a = valueOf(left, c);
        if (a === FAIL) return FAIL;
        const done = op === '&&' ? !a : op === '||' ? !!a : a !== null && a !== undefined;
        return done ? a : valueOf(right, c);
      };
    }
    case 'cond': {
      const test = sub(expr.test);
      const then = sub(expr.then);
      const other = sub(expr.else);
      return (c) => {
        const t = valueOf(test, c);
        if (t === FAIL) return FAIL;
        return valueOf(t ? then : other, c);
      };
    }
    case 'array': {
      const items = compileList(expr.items, sub);
      return (c) => {
        const out: unknown[] = [];
        for (let i = 0; i < items.length; i++) {
          const v = valueOf(items[i]!, c);
          if (v === FAIL) return FAIL;
          append(out, v);
        }
        return out;
      };
    }
    case 'object': {
      const keys: string[] = [];
      const values: Node[] = [];
      for (let i = 0; i < expr.entries.length; i++) {
        const entry = expr.entries[i]!;
        append(keys, StringCtor(entry[0]));
        append(values, sub(entry[1]));
      }
      return (c) => {
        const out = {};
        for (let i = 0; i < keys.length; i++) {
          const v = valueOf(values[i]!, c);
          if (v === FAIL) return FAIL;
          defineProperty(out, keys[i]!, {
            __proto__: null,
            value: v,
            writable: true,
            enumerable: true,
            configurable: true,
          } as PropertyDescriptor);
        }
        return out;
      };
    }
    case 'template': {
      const quasis: string[] = [];
      for (let i = 0; i < expr.quasis.length; i++) append(quasis, StringCtor(expr.quasis[i]));
      const parts = compileList(expr.exprs, sub);
      const partTexts: string[] = [];
      for (let i = 0; i < expr.exprs.length; i++) append(partTexts, exprText(expr.exprs[i]!));
      return (c) => {
        let out = quasis[0] ?? '';
        for (let i = 0; i < parts.length; i++) {
          const v = valueOf(parts[i]!, c);
          if (v === FAIL) return FAIL;
          if (!isPrimitive(v)) {
            return unread(
              c,
              `${text} would convert ${partTexts[i]} (an object) with toString: a logpoint does not run it`,
            );
          }
          if (typeof v === 'symbol')
            return thrown(c, 'TypeError: Cannot convert a Symbol value to a string');
          out += `${v as string}${quasis[i + 1] ?? ''}`;
        }
        return out;
      };
    }
    case 'call':
      return callNode(expr, sub, text);
    default:
      return (c) => unread(c, `${text}: not an expression a logpoint evaluates`);
  }
}

/** A slot of the site's reader, read once per hit; a ReferenceError (TDZ) is that value's `thrown`. */
function slotNode(slot: number, env: CompileEnv): Node {
  if (!(slot >= 0 && slot < 65_536)) return (c) => unread(c, 'A logpoint slot out of range');
  const k = slot | 0;
  if (k + 1 > env.slots) env.slots = k + 1;
  return (c) => {
    const state = c.state[k];
    if (state === 1) return c.slots[k];
    if (state === 2) return thrown(c, c.slots[k] as string);
    try {
      const v = c.read(k);
      c.slots[k] = v;
      c.state[k] = 1;
      return v;
    } catch (error) {
      const text = thrownText(error);
      c.slots[k] = text;
      c.state[k] = 2;
      return thrown(c, text);
    }
  };
}

function globalNode(name: string, global: object): Node {
  const id = StringCtor(name);
  return (c) => {
    const v = readGlobal(c, global, id);
    return v === NOT_FOUND ? thrown(c, `ReferenceError: ${id} is not defined`) : v;
  };
}

type Get = Extract<ProbeExpr, { k: 'get' }>;

/**
 * `obj.key`, `obj[key]`, `obj?.key`. Its node returns SHORT when an optional chain stopped:
 * the chain's end (any other node's operand) makes that `undefined`.
 */
function getNode(expr: Get, sub: (e: ProbeExpr) => Node, text: string): Node {
  const read = propertyReader(expr, sub, text);
  const obj = sub(expr.obj);
  return (c) => {
    const o = obj(c);
    if (o === FAIL || o === SHORT) return o;
    return read(c, o);
  };
}

/** Reads `expr`'s property of an object already evaluated (a call's callee needs the object too). */
function propertyReader(
  expr: Get,
  sub: (e: ProbeExpr) => Node,
  text: string,
): (c: EvalContext, o: unknown) => unknown {
  const objText = exprText(expr.obj);
  const optional = expr.optional === true;
  const staticKey = expr.computed ? undefined : StringCtor(keyName(expr.key));
  const key = expr.computed ? sub(expr.key) : undefined;
  const keyExprText = exprText(expr.key);
  return (c, o) => {
    let k: string | symbol;
    if (key === undefined) {
      k = staticKey!;
    } else {
      const kv = valueOf(key, c);
      if (kv === FAIL) return FAIL;
      if (!isPrimitive(kv)) {
        return unread(
          c,
          `${text}: ${keyExprText} is an object; turning it into a property name runs its toString: a logpoint does not run it`,
        );
      }
      k = typeof kv === 'symbol' ? kv : StringCtor(kv);
    }
    if (o === null || o === undefined) {
      if (optional) return SHORT;
      return thrown(
        c,
        `TypeError: Cannot read properties of ${o === null ? 'null' : 'undefined'} (reading '${keyText(k)}')`,
      );
    }
    return readProperty(c, o, k, text, objText);
  };
}

type Unary = Extract<ProbeExpr, { k: 'unary' }>;

function unaryNode(expr: Unary, env: CompileEnv, sub: (e: ProbeExpr) => Node, text: string): Node {
  const op = expr.op;
  const argText = exprText(expr.arg);
  // `typeof name` of a global the window does not have is 'undefined', as in JS.
  if (op === 'typeof' && expr.arg.k === 'name' && typeof expr.arg.slot !== 'number') {
    const name = StringCtor(expr.arg.name);
    return (c) => {
      const v = readGlobal(c, env.global, name);
      if (v === FAIL) return FAIL;
      return v === NOT_FOUND ? 'undefined' : typeof v;
    };
  }
  const arg = sub(expr.arg);
  return (c) => {
    const v = valueOf(arg, c);
    if (v === FAIL) return FAIL;
    return unaryOp(c, op, v, text, argText);
  };
}

type Call = Extract<ProbeExpr, { k: 'call' }>;

/** A call: made only when the callee is one of builtins.ts's, with suitable arguments. */
function callNode(expr: Call, sub: (e: ProbeExpr) => Node, text: string): Node {
  const callee = expr.callee;
  const calleeText = exprText(callee);
  const args = compileList(expr.args, sub);
  const argTexts: string[] = [];
  for (let i = 0; i < expr.args.length; i++) append(argTexts, exprText(expr.args[i]!));
  const optional = expr.optional === true;
  // A method call (`s.slice(1)`): the object is the call's `this`.
  const obj = callee.k === 'get' ? sub(callee.obj) : undefined;
  const read = callee.k === 'get' ? propertyReader(callee, sub, calleeText) : undefined;
  const fnNode = callee.k === 'get' ? undefined : sub(callee);
  return (c) => {
    let thisArg: unknown;
    let fn: unknown;
    if (obj !== undefined) {
      thisArg = obj(c);
      if (thisArg === FAIL || thisArg === SHORT) return thisArg;
      fn = read!(c, thisArg);
    } else {
      fn = fnNode!(c);
    }
    if (fn === FAIL || fn === SHORT) return fn;
    if (fn === null || fn === undefined) {
      if (optional) return SHORT;
    }
    if (typeof fn !== 'function') {
      return thrown(c, `TypeError: ${calleeText} is not a function`);
    }
    // Said before the arguments are read: the call is what a logpoint does not make.
    if (!isPureBuiltin(fn)) return notMade(c, text);
    const values: unknown[] = [];
    for (let i = 0; i < args.length; i++) {
      const v = valueOf(args[i]!, c);
      if (v === FAIL) return FAIL;
      append(values, v);
    }
    return callBuiltin(c, fn, thisArg, values, text, argTexts);
  };
}

function compileList(list: readonly ProbeExpr[], sub: (e: ProbeExpr) => Node): Node[] {
  const out: Node[] = [];
  for (let i = 0; i < list.length; i++) append(out, sub(list[i]!));
  return out;
}
