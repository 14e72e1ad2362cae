import type { ProbeSpec } from '../../src/protocol/probes';
import { parseProbeExpression, toProbeExpr } from './expression';
import type { AnyNode } from './module-index';
import type { NameResolver } from './names';

/** A logpoint's spec at its place, and what its reader returns by slot (output names). */
export type MadeSpec =
  { ok: true; spec: ProbeSpec; reads: string[] } | { ok: false; error: string };

/**
 * A logpoint's expression at a place: the values the runtime evaluates, with each of the
 * program's own names read through a slot of the site's reader (its name as built there), a
 * global through none, and `this` as the last slot. `names` is asked for only when the
 * expression has names (the module's scopes are analysed then).
 */
export function probeSpec(expression: string, scope: AnyNode, names: () => NameResolver): MadeSpec {
  let parsed;
  try {
    parsed = parseProbeExpression(expression);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const slots: string[] = [];
  const reads: string[] = [];
  const slotOf = new Map<string, number>();
  for (const name of parsed.names) {
    const resolved = names().resolve(scope, name);
    if (resolved.kind === 'error') return { ok: false, error: resolved.error };
    if (resolved.kind === 'local') {
      slotOf.set(name, slots.length);
      slots.push(name);
      reads.push(resolved.read);
    }
  }
  const thisSlot = slots.length;
  if (parsed.usesThis) {
    slots.push('this');
    reads.push('this');
  }
  const at = { name: (written: string) => slotOf.get(written), this: () => thisSlot };
  const values = parsed.values.map(({ label, node }) => ({ label, expr: toProbeExpr(node, at) }));
  return { ok: true, spec: { values, slots }, reads };
}
