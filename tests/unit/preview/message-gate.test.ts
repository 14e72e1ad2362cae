import { describe, expect, it } from 'vitest';
import { messageGate, type GateWindow } from '../../../src/preview/message-gate';

/** A window message whose data counts its reads (a read is what costs the app a deserialise). */
class PostedMessage extends Event {
  reads = 0;
  constructor(
    readonly source: unknown,
    private readonly payload: unknown,
  ) {
    super('message');
  }
  get data(): unknown {
    this.reads++;
    return this.payload;
  }
}

/** The app's window: a real EventTarget, with a listener that reads every message's data (as Monaco's does). */
function appWindow() {
  const win = new EventTarget() as EventTarget & GateWindow;
  const gate = messageGate(win);
  const heard: unknown[] = [];
  win.addEventListener('message', (event) => heard.push((event as PostedMessage).data));
  const post = (source: unknown, data: unknown) => {
    const event = new PostedMessage(source, data);
    win.dispatchEvent(event);
    return event;
  };
  return { win, gate, heard, post };
}

/** A window as another origin's WindowProxy shows it: parent and opener only. */
const windowIn = (parent: unknown, opener: unknown = null) => {
  const w: { parent: unknown; opener: unknown } = { parent, opener };
  if (parent === null) w.parent = w;
  return w;
};

describe('message gate', () => {
  it('lets the app’s own messages through and stops a frame’s before their data is read', () => {
    const { win, post, heard } = appWindow();
    const frameWindow = windowIn(win);
    expect(post(win, { vscodeScheduleAsyncWork: 1 }).reads).toBe(1);
    const big = post(frameWindow, new Array(1000).fill('x'));
    expect(big.reads).toBe(0);
    expect(post(null, 'from a removed frame').reads).toBe(0);
    expect(heard).toEqual([{ vscodeScheduleAsyncWork: 1 }]);
  });

  it('admits a booting frame until its handshake is over', () => {
    const { win, gate, post, heard } = appWindow();
    const frame = { contentWindow: windowIn(win) as unknown };
    const release = gate.admit(frame);
    post(frame.contentWindow, { type: 'playpen:hello' });
    post(windowIn(win), { type: 'playpen:hello' }); // another frame, not admitted
    release();
    post(frame.contentWindow, 'the program, later');
    expect(heard).toEqual([{ type: 'playpen:hello' }]);
  });

  it('is one gate per window', () => {
    const { win, gate } = appWindow();
    expect(messageGate(win)).toBe(gate);
  });
});
