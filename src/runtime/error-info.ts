import type { RawFrame } from '../protocol/index.ts';
import { constructorName, ownData, protoOf, safeGet, symbolText } from './safe-reflect.ts';
import { parseStack, userFrames } from './stack.ts';

export interface ErrorInfo {
  name: string;
  message: string;
  stack?: string;
  /** Parsed from `stack`, the runtime's own frames removed. */
  frames: RawFrame[];
}

const ErrorCtor = Error;
const isErrorIntrinsic = (Error as { isError?: (v: unknown) => boolean }).isError;
const ErrorProto = Error.prototype;

/** True for real Error objects (any realm when `Error.isError` exists), without user code. */
export function isError(v: unknown): v is Error {
  if (typeof v !== 'object' || v === null) return false;
  if (isErrorIntrinsic) {
    try {
      return isErrorIntrinsic(v);
    } catch {
      return false;
    }
  }
  for (let p = protoOf(v), hops = 0; p && hops < 64; p = protoOf(p), hops++) {
    if (p === ErrorProto) return true;
  }
  return false;
}

/** Name, message and stack of an Error, read without invoking user-defined getters. */
export function errorInfo(e: object): ErrorInfo {
  const rawName = safeGet(e, 'name');
  const name = typeof rawName === 'string' && rawName ? rawName : (constructorName(e) ?? 'Error');
  const rawMessage = safeGet(e, 'message');
  const message = typeof rawMessage === 'string' ? rawMessage : '';
  const rawStack = safeGet(e, 'stack');
  const stack = typeof rawStack === 'string' ? rawStack : undefined;
  return { name, message, stack, frames: stack ? userFrames(parseStack(stack)) : [] };
}

/** One line for an error message: "TypeError: x is not a function". */
export function errorHeadline(info: ErrorInfo): string {
  return info.message ? `${info.name}: ${info.message}` : info.name;
}

/** Short text for a thrown value that is not an Error (`throw 'oops'`, `throw {code: 1}`). */
export function thrownValueText(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'object':
      if (v === null) return 'null';
      return `${constructorName(v) ?? 'Object'} {…}`;
    case 'function':
      return `function ${String(ownData(v, 'name') ?? '')}`.trim();
    case 'symbol':
      return symbolText(v);
    default:
      return String(v);
  }
}

/** A new Error, for capturing the current stack (console.trace). */
export function captureStack(): string {
  return new ErrorCtor('').stack ?? '';
}
