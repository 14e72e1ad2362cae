/**
 * A logpoint's expression (ProbeExpr), compiled once per run, before the program runs, into
 * closures that evaluate it at each hit without running anything of the program's
 * (docs/logpoints.md, "What the runtime evaluates"). Compiling first also means nothing of the
 * host's plan is read after the program started (it could have put getters on
 * Object.prototype that a missing field would find). The nodes that reach the program's values
 * (slots, globals, properties, calls) are read-nodes.ts's.
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
import { FAIL, isPrimitive, thrown, unread, valueOf, type Node } from './eval-context.ts';
import { exprText } from './expr-text.ts';
import { binaryOp, unaryOp } from './operators.ts';
import { NOT_FOUND, readGlobal } from './property-read.ts';
import { callNode, getNode, globalNode, slotNode } from './read-nodes.ts';
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
      return callNode(expr, compileList(expr.args, sub), sub, text);
    default:
      return (c) => unread(c, `${text}: not an expression a logpoint evaluates`);
  }
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

function compileList(list: readonly ProbeExpr[], sub: (e: ProbeExpr) => Node): Node[] {
  const out: Node[] = [];
  for (let i = 0; i < list.length; i++) append(out, sub(list[i]!));
  return out;
}
