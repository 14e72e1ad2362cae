import type { SerializedValue } from '../protocol';
import { numberText, previewText, type RefIndex } from './value-preview';

/** Inline CSS a `%c` directive may set: only properties that cannot load anything or escape the line. */
export interface SafeStyle {
  color?: string;
  backgroundColor?: string;
  fontWeight?: string;
  fontStyle?: string;
  textDecoration?: string;
}

/** A console call after printf-style substitution: text runs (spaces included) and values left to the inspector. */
export type Segment =
  { kind: 'text'; text: string; style?: SafeStyle } | { kind: 'value'; value: SerializedValue };

const ALLOWED: Record<string, keyof SafeStyle> = {
  color: 'color',
  background: 'backgroundColor',
  'background-color': 'backgroundColor',
  'font-weight': 'fontWeight',
  'font-style': 'fontStyle',
  'text-decoration': 'textDecoration',
};

/** Keep only harmless declarations of a `%c` style (no url(), no layout, no positioning). */
export function parseSafeStyle(css: string): SafeStyle | undefined {
  const style: SafeStyle = {};
  let any = false;
  for (const decl of css.split(';')) {
    const colon = decl.indexOf(':');
    if (colon < 0) continue;
    const prop = ALLOWED[decl.slice(0, colon).trim().toLowerCase()];
    const value = decl.slice(colon + 1).trim();
    if (!prop || !/^[#\w\s.,%()-]{1,60}$/.test(value) || /url|expression|var\(/i.test(value))
      continue;
    style[prop] = value;
    any = true;
  }
  return any ? style : undefined;
}

function toInt(v: SerializedValue): string {
  if (v.t === 'number') return typeof v.v === 'number' ? String(Math.trunc(v.v)) : v.v;
  if (v.t === 'bigint') return `${v.v}n`;
  if (v.t === 'string') return String(parseInt(v.v, 10));
  return 'NaN';
}

function toFloat(v: SerializedValue): string {
  if (v.t === 'number') return numberText(v.v);
  if (v.t === 'string') return String(parseFloat(v.v));
  return 'NaN';
}

/**
 * Apply console's format directives (%s %d %i %f %o %O %c %%) when the first argument is a
 * string, as browsers do; the remaining arguments follow as values.
 */
export function formatArgs(args: readonly SerializedValue[], refs?: RefIndex): Segment[] {
  const [first, ...rest] = args;
  if (!first) return [];
  if (first.t !== 'string' || !first.v.includes('%')) return spaced([], args);

  const out: Segment[] = [];
  let style: SafeStyle | undefined;
  let text = '';
  let next = 0;
  const flushText = () => {
    if (text) out.push(style ? { kind: 'text', text, style } : { kind: 'text', text });
    text = '';
  };
  const src = first.v;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    const d = src[i + 1];
    if (ch !== '%' || d === undefined) {
      text += ch;
      continue;
    }
    if (d === '%') {
      text += '%';
      i++;
      continue;
    }
    const arg = rest[next];
    if (!'sdifoOc'.includes(d) || !arg) {
      text += ch;
      continue;
    }
    i++;
    next++;
    if (d === 's')
      text += arg.t === 'string' ? arg.v : previewText(arg, { refs, quote: true, level: 1 });
    else if (d === 'd' || d === 'i') text += toInt(arg);
    else if (d === 'f') text += toFloat(arg);
    else if (d === 'c') {
      flushText();
      style = arg.t === 'string' ? parseSafeStyle(arg.v) : undefined;
    } else {
      flushText();
      out.push({ kind: 'value', value: arg });
    }
  }
  flushText();
  return spaced(out, rest.slice(next));
}

/** Arguments are separated by one space, as in every console. */
function spaced(out: Segment[], values: readonly SerializedValue[]): Segment[] {
  for (const value of values) {
    if (out.length) out.push({ kind: 'text', text: ' ' });
    out.push({ kind: 'value', value });
  }
  return out;
}
