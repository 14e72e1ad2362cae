import { symbolText } from './safe-reflect.ts';

/**
 * Applies console format specifiers in a leading string argument (%s %d %i %f %o %O %c, %%),
 * as browsers do. Text is merged into strings; values for %o/%O (and objects for %s) stay
 * separate arguments so the console can show them expandable. %c styles are dropped.
 * Unused arguments follow; a specifier without an argument is kept as written.
 */
export function formatArgs(args: readonly unknown[]): unknown[] {
  const format = args[0];
  if (typeof format !== 'string' || !format.includes('%')) return [...args];
  const out: unknown[] = [];
  let text = '';
  let next = 1;
  for (let i = 0; i < format.length; i++) {
    const ch = format[i]!;
    const spec = format[i + 1];
    if (ch !== '%' || spec === undefined) {
      text += ch;
      continue;
    }
    if (spec === '%') {
      text += '%';
      i++;
      continue;
    }
    if (!'sdifoOc'.includes(spec) || next >= args.length) {
      text += ch;
      continue;
    }
    const arg = args[next++];
    i++;
    if (spec === 'c') continue;
    const inline = spec === 'o' || spec === 'O' ? undefined : specText(spec, arg);
    if (inline !== undefined) {
      text += inline;
      continue;
    }
    if (text) out.push(text);
    text = '';
    out.push(arg);
  }
  if (text) out.push(text);
  for (; next < args.length; next++) out.push(args[next]);
  return out;
}

/** Text for %s %d %i %f, or undefined when the argument should be shown as a value. */
function specText(spec: string, arg: unknown): string | undefined {
  const type = typeof arg;
  if (spec === 's') {
    if (type === 'object' ? arg === null : type !== 'function') return primitiveText(arg);
    return undefined;
  }
  if (type === 'bigint') return `${String(arg)}n`;
  if (type === 'number') return String(spec === 'f' ? arg : Math.trunc(arg as number));
  if (type === 'string')
    return String(spec === 'f' ? parseFloat(arg as string) : parseInt(arg as string, 10));
  return 'NaN';
}

function primitiveText(v: unknown): string {
  if (typeof v === 'symbol') return symbolText(v);
  if (typeof v === 'bigint') return `${String(v)}n`;
  if (Object.is(v, -0)) return '-0';
  return String(v);
}
