/**
 * MessageChannel and `window.postMessage` to the window itself, delivered through the virtual
 * clock: each message is its own tick (a 0 ms timer), so a paused run holds them and a replay
 * delivers them at the same ticks. Programs (and schedulers such as React's, when it finds no
 * setImmediate) post to themselves to yield; the real ones would run outside the clock.
 * The runtime's own MessageChannel hop is captured before this is installed.
 */

type Schedule = (fn: () => void) => void;
type Clone = (value: unknown, options?: { transfer?: Transferable[] }) => unknown;

function transferList(arg: unknown): unknown[] {
  if (Array.isArray(arg)) return arg;
  const transfer = (arg as { transfer?: unknown } | null | undefined)?.transfer;
  return Array.isArray(transfer) ? transfer : [];
}

function messageEvent(
  Ctor: typeof MessageEvent,
  data: unknown,
  ports: object[],
  init: MessageEventInit = {},
): MessageEvent {
  const event = new Ctor('message', { ...init, data });
  // MessageEventInit only takes real ports; virtual ones are set on the event itself.
  if (ports.length) Object.defineProperty(event, 'ports', { value: Object.freeze([...ports]) });
  return event;
}

export function installVirtualMessaging(win: Window & typeof globalThis, schedule: Schedule): void {
  const clone: Clone = win.structuredClone.bind(win) as Clone;
  const w = win as unknown as Record<string, unknown>;

  /** Splits a transfer list: virtual ports travel as they are, the rest is really transferred. */
  const prepare = (message: unknown, transfer: unknown[]) => {
    const ports = transfer.filter((t): t is VirtualPort => t instanceof VirtualPort);
    const rest = transfer.filter((t) => !(t instanceof VirtualPort)) as Transferable[];
    return { data: clone(message, rest.length ? { transfer: rest } : undefined), ports };
  };

  class VirtualPort extends EventTarget {
    #other: VirtualPort | null = null;
    #started = false;
    #closed = false;
    #held: MessageEvent[] = [];
    #onmessage: ((this: VirtualPort, ev: MessageEvent) => unknown) | null = null;
    #onmessageerror: ((this: VirtualPort, ev: MessageEvent) => unknown) | null = null;

    constructor() {
      super();
      this.addEventListener('message', (e) => this.#onmessage?.call(this, e as MessageEvent));
      this.addEventListener('messageerror', (e) =>
        this.#onmessageerror?.call(this, e as MessageEvent),
      );
    }
    static entangle(a: VirtualPort, b: VirtualPort): void {
      a.#other = b;
      b.#other = a;
    }
    get onmessage() {
      return this.#onmessage;
    }
    set onmessage(fn) {
      this.#onmessage = typeof fn === 'function' ? fn : null;
      // As with real ports, setting onmessage starts the port.
      if (this.#onmessage) this.start();
    }
    get onmessageerror() {
      return this.#onmessageerror;
    }
    set onmessageerror(fn) {
      this.#onmessageerror = typeof fn === 'function' ? fn : null;
    }
    postMessage(message: unknown, transfer?: unknown): void {
      const { data, ports } = prepare(message, transferList(transfer));
      const other = this.#other;
      if (this.#closed || !other) return;
      schedule(() => other.#receive(messageEvent(win.MessageEvent, data, ports)));
    }
    start(): void {
      if (this.#started) return;
      this.#started = true;
      // Messages that arrived before the port was started: one tick each, in order.
      for (const event of this.#held.splice(0)) schedule(() => this.#receive(event));
    }
    close(): void {
      this.#closed = true;
      this.#held = [];
    }
    #receive(event: MessageEvent): void {
      if (this.#closed) return;
      if (!this.#started) this.#held.push(event);
      else this.dispatchEvent(event);
    }
  }
  Object.defineProperty(VirtualPort, 'name', { value: 'MessagePort' });

  class VirtualChannel {
    readonly port1 = new VirtualPort();
    readonly port2 = new VirtualPort();
    constructor() {
      VirtualPort.entangle(this.port1, this.port2);
    }
  }
  Object.defineProperty(VirtualChannel, 'name', { value: 'MessageChannel' });
  w.MessageChannel = VirtualChannel;

  const realPostMessage = win.postMessage;
  w.postMessage = function postMessage(this: unknown, message: unknown, ...rest: unknown[]) {
    // Only a message to this window itself is the program's own; others go out as they are.
    if (this !== undefined && this !== win && this !== win.window) {
      return Reflect.apply(realPostMessage, this, [message, ...rest]);
    }
    const [first, second] = rest;
    const targetOrigin =
      typeof first === 'string'
        ? first
        : String((first as { targetOrigin?: unknown } | undefined)?.targetOrigin ?? '/');
    const { data, ports } = prepare(
      message,
      typeof first === 'string' ? transferList(second) : transferList(first),
    );
    // The preview's origin is opaque: only '*' and '/' (this window's origin) match it.
    if (targetOrigin !== '*' && targetOrigin !== '/') return;
    const init = { origin: win.origin, source: win };
    schedule(() => win.dispatchEvent(messageEvent(win.MessageEvent, data, ports, init)));
  };
}
