/**
 * The compiled nodes (compile.ts) that reach the program's values: a site's slots, the
 * window's globals, properties, and calls (made only of builtins.ts's pure ones; a method's
 * callee is read off its object as a property is).
 */
import type { ProbeExpr } from '../../protocol/index.ts';
import { append, StringCtor } from '../intrinsics.ts';
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
import { keyText, NOT_FOUND, readGlobal, readProperty } from './property-read.ts';
import { thrownText } from './thrown-text.ts';

/**
 * A slot of the site's reader, read once per hit; a ReferenceError (TDZ) is that value's
 * `thrown`. `env.slots` grows to cover it (CompileEnv's).
 */
export function slotNode(slot: number, env: { slots: number }): Node {
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

/** A global of the preview's window; a ReferenceError when it has none. */
export function globalNode(name: string, global: object): Node {
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
export function getNode(expr: Get, sub: (e: ProbeExpr) => Node, text: string): Node {
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

type Call = Extract<ProbeExpr, { k: 'call' }>;

/**
 * A call: made only when the callee is one of builtins.ts's, with suitable arguments (`args`,
 * compiled).
 */
export function callNode(
  expr: Call,
  args: readonly Node[],
  sub: (e: ProbeExpr) => Node,
  text: string,
): Node {
  const callee = expr.callee;
  const calleeText = exprText(callee);
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
