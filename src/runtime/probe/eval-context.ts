/**
 * What one evaluation of a logpoint's expression carries (one hit), and how its compiled nodes
 * (compile.ts) report what they could not read: a node returns its value, or FAIL with the
 * reason in `failure`, or SHORT when an optional chain stopped (`a?.b` with `a` nullish).
 */
import { clip } from '../intrinsics.ts';

/** Why a value has none: shown instead of it (ProbeValue's `unread` and `thrown`). */
export type Failure = { t: 'unread'; why: string } | { t: 'thrown'; text: string };

export interface EvalContext {
  /** The site's reader: slot k's binding as the program sees it at the probe's place. */
  read: (k: number) => unknown;
  /** Slots read so far in this hit (each is read once). */
  slots: unknown[];
  /** Per slot: 0 not read yet, 1 read, 2 reading threw (its text in `slots`). */
  state: Uint8Array;
  /** Set with FAIL. */
  failure: Failure | null;
}

/** A compiled expression node. */
export type Node = (c: EvalContext) => unknown;

/** Returned by a node that has no value (the reason is in `c.failure`). */
export const FAIL: unique symbol = Symbol('probe: no value');
/** Returned by an optional chain that stopped at a nullish value (`undefined` outside the chain). */
export const SHORT: unique symbol = Symbol('probe: chain stopped');

/** Longest `why` or `text` sent; the expression text in it is cut to fit. */
export const MAX_REASON = 500;
/** Longest piece of expression text quoted in a reason. */
export const MAX_QUOTE = 120;

export function unread(c: EvalContext, why: string): typeof FAIL {
  c.failure = { t: 'unread', why: clip(why, MAX_REASON) };
  return FAIL;
}

export function thrown(c: EvalContext, text: string): typeof FAIL {
  c.failure = { t: 'thrown', text: clip(text, MAX_REASON) };
  return FAIL;
}

/** A node's value where a chain ends: SHORT is `undefined` there. */
export function valueOf(node: Node, c: EvalContext): unknown {
  const v = node(c);
  return v === SHORT ? undefined : v;
}

/**
 * A primitive (never an object: converting one runs its valueOf/toString). `document.all` has
 * typeof 'undefined' and is an object: not one.
 */
export function isPrimitive(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  const type = typeof v;
  return type !== 'object' && type !== 'function' && type !== 'undefined';
}
