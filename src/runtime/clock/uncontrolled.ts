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
  const timeline = Object.getOwnPropertyDescriptor(Document.prototype, 'timeline');
  if (timeline?.get) {
    const get = timeline.get;
    Object.defineProperty(win.document, 'timeline', {
      configurable: true,
      get() {
        note('document.timeline');
        return get.call(this);
      },
    });
  }
}
