/**
 * APIs whose timing the virtual clock cannot control. The first use of each is named in the
 * console (with the tick it happened in), since a replay (step back, seek) may then differ.
 * fetch is not among them: its responses are recorded and replayed (fetch-record.ts).
 */
const APIS = [
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'Worker',
  'SharedWorker',
  'BroadcastChannel',
  'ResizeObserver',
  'IntersectionObserver',
];

export function warnOnUncontrolledApis(win: Window, warn: (text: string) => void): void {
  const w = win as unknown as Record<string, unknown>;
  const warned = new Set<string>();
  const note = (api: string) => {
    if (warned.has(api)) return;
    warned.add(api);
    warn(
      `Playpen: this program uses ${api}, which the run clock cannot control; a replay (Step back, seeking the Timeline) may differ from the live run.`,
    );
  };
  for (const name of APIS) {
    const original = w[name];
    if (typeof original !== 'function') continue;
    const wrapped: object = new Proxy(original, {
      apply(target, self, args) {
        note(name);
        return Reflect.apply(target as (...a: unknown[]) => unknown, self, args);
      },
      construct(target, args, newTarget): object {
        note(name);
        return Reflect.construct(
          target as new (...a: unknown[]) => object,
          args,
          newTarget === wrapped ? target : newTarget,
        );
      },
    });
    w[name] = wrapped;
  }
  // Media time runs on the media clock; observers fire at the browser's rendering steps.
  const media = (win as Window & typeof globalThis).HTMLMediaElement?.prototype;
  if (media) {
    for (const method of ['play', 'load'] as const) {
      const original = media[method] as (...a: unknown[]) => unknown;
      (media as unknown as Record<string, unknown>)[method] = function (
        this: unknown,
        ...args: unknown[]
      ) {
        note('media time (audio or video playback)');
        return original.apply(this, args);
      };
    }
  }
}
