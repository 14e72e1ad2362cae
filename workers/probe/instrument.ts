import MagicString from 'magic-string';
import { TraceMap } from '@jridgewell/trace-mapping';
import type {
  InstrumentRequest,
  InstrumentResult,
  PlacedLogpoint,
} from '../../src/protocol/probes';
import { withInlineMap } from '../bundler/inline-map';
import { freeName, GUARD_NAME } from '../bundler/loop-guard';
import { NAV_NAME } from '../bundler/location-sites';
import { shiftMap, type Insertion } from '../bundler/shift-map';
import { indexModule, type AnyNode, type ModuleIndex } from './module-index';
import { createNameResolver, type NameResolver } from './names';
import { placeLines, type Place } from './placement';
import { probeSpec } from './probe-spec';

/**
 * Adds probes to one compiled module (docs/logpoints.md): each logpoint's call and, with
 * `lineHits`, a counter on every line that has a place:
 *
 *   (function (require, module, exports, __ppLoop, __ppNav, __ppProbe) {…
 *     ball.x += ball.vx * dt; __ppProbe.l(3); __ppProbe.p(0, (__ppSlot) => { switch (__ppSlot) {
 *       case 0: return ball; case 1: return dt; } });
 *
 * The probe object is the module function's new last parameter (after the loop guard's and the
 * fragment navigator's, placeholders where the module has none), named with a name the module
 * never uses, so the program cannot reach or replace it. Only text is inserted, within lines,
 * so the module's map is its own with columns shifted (workers/bundler/shift-map.ts).
 */
export const PROBE_NAME = '__ppProbe';
const SLOT_NAME = '__ppSlot';
const INLINE_MAP = /\n\/\/# sourceMappingURL=data:[^\n]*\s*$/;
const RAN_NOTHING =
  'has no code that runs here (a comment, a type, a blank line or a line the bundler removed)';

interface Edit {
  at: number;
  text: string;
  /** Left: stays with the text before `at` (closings, probes after a statement); right: before the text after. */
  side: 'left' | 'right';
  /** Length of what the edit belongs to: at one offset, inner closings go first and outer openings first. */
  size: number;
  seq: number;
}

export function instrumentModule(request: InstrumentRequest): InstrumentResult {
  const code = request.code.replace(INLINE_MAP, '');
  let index: ModuleIndex;
  try {
    index = indexModule(code, request.map);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      code: request.code,
      map: request.map,
      logpoints: request.logpoints.map(({ site }) => ({
        site,
        ok: false,
        error: `${request.path} could not be instrumented (${reason})`,
      })),
      lines: [],
    };
  }
  const places = placeLines(index);
  // Scopes are analysed once, and only when a logpoint is placed.
  let resolver: NameResolver | undefined;
  const names = (): NameResolver => (resolver ??= createNameResolver(index));
  const probe = freeName(code, PROBE_NAME);
  const slot = freeName(code, SLOT_NAME);

  /** The calls each place gets, by line: counters first, then logpoints in request order. */
  const calls = new Map<number, string[]>();
  const add = (line: number, call: string) => calls.set(line, [...(calls.get(line) ?? []), call]);
  const lines = request.lineHits ? [...places.keys()].sort((a, b) => a - b) : [];
  lines.forEach((line, i) => add(line, `${probe}.l(${i})`));

  const logpoints = request.logpoints.map(({ site, line, expression }): PlacedLogpoint => {
    const place = places.get(line);
    if (!place) return { site, ok: false, error: `Line ${line} ${RAN_NOTHING}` };
    const made = probeSpec(expression, place.scope, names);
    if (!made.ok) return { site, ok: false, error: made.error };
    add(line, `${probe}.p(${site}, ${reader(slot, made.reads)})`);
    return { site, ok: true, line, when: place.when, spec: made.spec };
  });

  const edits: Edit[] = [wrapperEdit(index, probe)];
  for (const [line, texts] of calls)
    edits.push(...placeEdits(index, places.get(line)!, texts, edits.length));
  const { out, insertions } = applyEdits(index, edits);
  const map = shiftMap(new TraceMap(request.map), JSON.parse(request.map), insertions);
  return { code: withInlineMap(out, map), map, logpoints, lines };
}

/** The site's reader: `(k) => { switch (k) { case 0: return ball; … } }`, one case per slot. */
const reader = (k: string, reads: string[]): string =>
  reads.length === 0
    ? '() => {}'
    : `(${k}) => { switch (${k}) { ${reads.map((r, i) => `case ${i}: return ${r};`).join(' ')} } }`;

/** The probe parameter, after the loop guard's and the navigator's (placeholders where absent). */
function wrapperEdit(index: ModuleIndex, probe: string): Edit {
  const params = index.wrapper.params as AnyNode[];
  const last = params[params.length - 1];
  if (!last || params.length < 3 || params.length > 5) throw new Error('not a module function');
  const missing = [freeName(index.code, GUARD_NAME), freeName(index.code, NAV_NAME)].slice(
    params.length - 3,
  );
  return {
    at: last.end,
    text: `, ${[...missing, probe].join(', ')}`,
    side: 'left',
    size: 0,
    seq: 0,
  };
}

/** The text a place gets for its calls (see placement.ts for the forms); `first` numbers its edits. */
function placeEdits(index: ModuleIndex, place: Place, texts: string[], first: number): Edit[] {
  const size = place.span[1] - place.span[0];
  let seq = first;
  const edit = (at: number, text: string, side: Edit['side']): Edit => ({
    at,
    text,
    side,
    size,
    seq: seq++,
  });
  const form = place.form;
  if (form.kind === 'expression') {
    const key = form.key ? `${form.key}: ` : '';
    return [edit(form.start, `${key}(${texts.join(', ')}, `, 'right'), edit(form.end, ')', 'left')];
  }
  const statements = texts.map((t) => `${t};`).join(' ');
  const out: Edit[] = [];
  if (form.braces) out.push(edit(form.braces.open, '{', 'right'));
  if (form.side === 'right') out.push(edit(form.at, `${statements} `, 'right'));
  else {
    // After a statement esbuild ended without `;` (never seen), one keeps the probe apart.
    const before = index.code[form.at - 1];
    const gap = before === ';' || before === '}' || before === '{' ? ' ' : '; ';
    out.push(edit(form.at, `${gap}${statements}`, 'left'));
  }
  if (form.braces) out.push(edit(form.braces.close, '}', 'left'));
  return out;
}

/** Applies the edits in an order that nests them, and lists them as insertions for the map. */
function applyEdits(index: ModuleIndex, edits: Edit[]) {
  const s = new MagicString(index.code);
  const sorted = [...edits].sort(
    (a, b) =>
      a.at - b.at ||
      (a.side === b.side ? (a.side === 'left' ? a.size - b.size : b.size - a.size) : 0) ||
      a.seq - b.seq,
  );
  const insertions: Insertion[] = [];
  for (const e of sorted) {
    if (e.side === 'left') s.appendLeft(e.at, e.text);
    else s.appendRight(e.at, e.text);
    const { line, column } = index.position(e.at);
    insertions.push({ line, column, length: e.text.length });
  }
  return { out: s.toString(), insertions };
}
