/**
 * A ProbeExpr as source text, for the reasons a value was not read ("ball.x is a getter…"):
 * the expression tree carries no text of its parts. Close to what the user wrote; parentheses
 * only where an operand is itself an operator expression.
 */
import type { ProbeExpr } from '../../protocol/index.ts';
import { clip, StringCtor } from '../intrinsics.ts';
import { MAX_QUOTE } from './eval-context.ts';

/** Text of `expr`, cut to MAX_QUOTE characters. */
export function exprText(expr: ProbeExpr): string {
  return clip(text(expr, 0), MAX_QUOTE);
}

/** Keeps the printer from running away on a very deep tree: deeper parts are `…`. */
const MAX_NESTING = 20;

function text(e: ProbeExpr, nesting: number): string {
  if (nesting > MAX_NESTING) return '…';
  const sub = (x: ProbeExpr) => text(x, nesting + 1);
  const operand = (x: ProbeExpr) => (isOperator(x) ? `(${sub(x)})` : sub(x));
  switch (e.k) {
    case 'lit':
      return typeof e.v === 'string' ? quote(e.v) : StringCtor(e.v);
    case 'bigint':
      return `${e.v}n`;
    case 'regexp':
      return `/${e.pattern}/${e.flags}`;
    case 'name':
      return e.name;
    case 'this':
      return 'this';
    case 'get': {
      const obj = operand(e.obj);
      const dot = e.optional ? '?.' : '.';
      if (!e.computed) return `${obj}${dot}${keyName(e.key)}`;
      return `${obj}${e.optional ? '?.' : ''}[${sub(e.key)}]`;
    }
    case 'unary': {
      const word = e.op === 'typeof' || e.op === 'void';
      return `${e.op}${word ? ' ' : ''}${operand(e.arg)}`;
    }
    case 'binary':
    case 'logical':
      return `${operand(e.left)} ${e.op} ${operand(e.right)}`;
    case 'cond':
      return `${operand(e.test)} ? ${operand(e.then)} : ${operand(e.else)}`;
    case 'array':
      return `[${list(e.items, sub)}]`;
    case 'object': {
      let out = '';
      for (let i = 0; i < e.entries.length; i++) {
        const entry = e.entries[i]!;
        out += `${i ? ', ' : ''}${entry[0]}: ${sub(entry[1])}`;
      }
      return `{${out}}`;
    }
    case 'template': {
      let out = '`';
      for (let i = 0; i < e.quasis.length; i++) {
        out += e.quasis[i]!;
        if (i < e.exprs.length) out += `\${${sub(e.exprs[i]!)}}`;
      }
      return `${out}\``;
    }
    case 'call':
      return `${operand(e.callee)}${e.optional ? '?.' : ''}(${list(e.args, sub)})`;
    default:
      return '…';
  }
}

/** The key of `obj.key` as written (a string literal, or a name some parsers give instead). */
export function keyName(key: ProbeExpr): string {
  if (key.k === 'lit') return StringCtor(key.v);
  if (key.k === 'name') return key.name;
  return '…';
}

function isOperator(e: ProbeExpr): boolean {
  return e.k === 'binary' || e.k === 'logical' || e.k === 'cond' || e.k === 'unary';
}

function list(items: ProbeExpr[], sub: (x: ProbeExpr) => string): string {
  let out = '';
  for (let i = 0; i < items.length; i++) out += `${i ? ', ' : ''}${sub(items[i]!)}`;
  return out;
}

function quote(s: string): string {
  return `'${clip(s, MAX_QUOTE)}'`;
}
