import type { RuntimeMessage } from '../protocol';

/** A console message the history keeps: console calls, a drop notice, an error. */
export type Logged = Extract<
  RuntimeMessage,
  { type: 'console' | 'console-batch' | 'console-dropped' | 'error' }
>;
const LOGGED = new Set<RuntimeMessage['type']>([
  'console',
  'console-batch',
  'console-dropped',
  'error',
]);

/** Whether the history keeps `message` as output of its tick. */
export const isLogged = (message: RuntimeMessage): message is Logged => LOGGED.has(message.type);

/**
 * A message split into its ticks, in order: a batch may hold calls of several ticks (ticks run
 * back to back in one real task), and the history must give each tick its own calls so that
 * stepping back to tick n shows exactly what was logged up to n.
 */
export function byTick(message: Logged): [tick: number, part: Logged][] {
  if (message.type !== 'console-batch') return [[message.tick ?? 0, message]];
  const parts: [number, Logged][] = [];
  let at = -1;
  let entries: typeof message.entries = [];
  for (const entry of message.entries) {
    const tick = entry.tick ?? 0;
    if (tick !== at && entries.length > 0) {
      parts.push([at, { type: 'console-batch', entries }]);
      entries = [];
    }
    at = tick;
    entries.push(entry);
  }
  if (entries.length > 0) parts.push([at, { type: 'console-batch', entries }]);
  return parts;
}

/** The newest tick a message speaks of. */
export function lastTickOf(message: Logged): number {
  if (message.type !== 'console-batch') return message.tick ?? 0;
  return message.entries.reduce((max, e) => Math.max(max, e.tick ?? 0), 0);
}
