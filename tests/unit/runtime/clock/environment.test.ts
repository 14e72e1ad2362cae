import { describe, expect, it } from 'vitest';
import {
  createAnimationSync,
  type SyncedAnimation,
} from '../../../../src/runtime/clock/animations.ts';
import {
  ENVIRONMENT_EVENTS,
  touches,
  watchEnvironment,
} from '../../../../src/runtime/clock/environment.ts';

/** An element in a tree: what the rule reads of it is `contains`. */
class FakeNode {
  constructor(
    readonly name: string,
    readonly parent: FakeNode | null = null,
  ) {}
  contains(other: FakeNode | null): boolean {
    for (let n = other; n; n = n.parent) if (n === this) return true;
    return false;
  }
}

/** A transition or animation on `target`, running on real time until a sync pauses it. */
class FakeAnimation {
  currentTime: number | null = 17;
  playbackRate = 1;
  playState: AnimationPlayState = 'running';
  constructor(readonly effect: { target: FakeNode }) {}
  pause() {
    this.playState = 'paused';
  }
}

const body = new FakeNode('body');
const card = new FakeNode('div.card', body);
const button = new FakeNode('button', card);
const label = new FakeNode('span', button);
const aside = new FakeNode('aside', body);

/** A document whose style changes become animations at the next style flush. */
function page() {
  const animations: FakeAnimation[] = [];
  const pending: FakeAnimation[] = [];
  const sync = createAnimationSync({
    getAnimations: () => animations as unknown as SyncedAnimation[],
    flushStyle: () => void animations.push(...pending.splice(0)),
  });
  /** A style change on `target` (a :hover rule applying, a class the program set). */
  const styleChange = (target: FakeNode) => {
    const a = new FakeAnimation({ target });
    pending.push(a);
    return a;
  };
  const counted = (at: number) =>
    sync(at).map((a) => (a.effect as unknown as { target: FakeNode }).target.name);
  return { sync, styleChange, counted };
}

describe('environmental animations', () => {
  it('is, contains or is inside a touched element', () => {
    expect(touches(button, [button])).toBe(true);
    expect(touches(card, [button])).toBe(true); // :hover also matches the ancestors
    expect(touches(label, [button])).toBe(true); // `.card:hover span`
    expect(touches(aside, [button])).toBe(false);
    expect(touches(null, [button])).toBe(false);
  });

  it('leaves out a transition the real pointer started, and still drives it on the clock', () => {
    const { sync, styleChange, counted } = page();
    sync(0);
    const hover = styleChange(button); // the pointer moves onto the button: :hover applies
    sync.environment([button, aside]); // pointerover's target and relatedTarget
    expect(counted(100)).toEqual([]);
    expect(hover.playState).toBe('paused');
    expect(hover.currentTime).toBe(0);
    sync(250);
    expect(hover.currentTime).toBe(150);
  });

  it("counts what the program starts in the event's own tick, on that same element", () => {
    const { sync, styleChange, counted } = page();
    sync(0);
    styleChange(button);
    sync.environment([button]);
    styleChange(button); // the click handler toggles a class with a transition
    expect(counted(100)).toEqual(['button']);
  });

  it('counts animations on untouched elements and those already on the clock', () => {
    const { sync, styleChange, counted } = page();
    styleChange(card); // the program's, placed at tick 0
    sync(0);
    styleChange(aside); // the program's, not flushed yet when the pointer moves
    sync.environment([label]);
    expect(counted(100)).toEqual(['div.card', 'aside']);
  });
});

describe('watching real pointer and focus events', () => {
  function fakeWindow() {
    const listeners = new Map<string, (event: unknown) => void>();
    const win = {
      Node: FakeNode,
      addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    };
    return { win: win as unknown as Window, listeners };
  }

  it('reports the target and relatedTarget of real events no tick caused', () => {
    const { win, listeners } = fakeWindow();
    const seen: unknown[][] = [];
    let inSync = false;
    watchEnvironment(win, { inSync: () => inSync, touched: (nodes) => seen.push(nodes) });
    expect([...listeners.keys()]).toEqual([...ENVIRONMENT_EVENTS]);
    const fire = (event: object) => listeners.get('pointerover')!(event);
    fire({ isTrusted: true, target: button, relatedTarget: aside });
    fire({ isTrusted: true, target: button, relatedTarget: null });
    fire({ isTrusted: false, target: card, relatedTarget: null }); // the program's dispatchEvent
    inSync = true;
    fire({ isTrusted: true, target: card, relatedTarget: null }); // a tick's own focus()
    fire({ isTrusted: true, target: {}, relatedTarget: null }); // the window: not an element
    expect(seen).toEqual([[button, aside], [button]]);
  });
});
