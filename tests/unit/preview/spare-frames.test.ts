import { describe, expect, it } from 'vitest';
import type { HostMessage } from '../../../src/protocol';
import type { ConnectedFrame } from '../../../src/preview/frame';
import { createSpareFrames } from '../../../src/preview/spare-frames';

/** Frames that connect when the test says so; `scheduled` holds boots waiting for the gate. */
function setup(size = 2) {
  const frames: {
    frame: ConnectedFrame;
    sent: HostMessage[];
    removed: boolean;
    connect(): void;
  }[] = [];
  const scheduled: (() => void)[] = [];
  const spares = createSpareFrames({
    size,
    schedule: (boot) => scheduled.push(boot),
    create: () =>
      new Promise<ConnectedFrame>((resolve) => {
        const entry = {
          sent: [] as HostMessage[],
          removed: false,
          frame: null as unknown as ConnectedFrame,
          connect: () => resolve(entry.frame),
        };
        entry.frame = {
          iframe: { remove: () => (entry.removed = true) },
          send: (m: HostMessage) => entry.sent.push(m),
        } as unknown as ConnectedFrame;
        frames.push(entry);
      }),
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const runScheduled = () => scheduled.splice(0).forEach((boot) => boot());
  return { spares, frames, scheduled, settle, runScheduled };
}

describe('spare frames', () => {
  it('boots spares one at a time, each further one when the host allows it', async () => {
    const { spares, frames, scheduled, settle, runScheduled } = setup();
    spares.fill();
    spares.fill();
    expect(frames).toHaveLength(1);
    frames[0]!.connect();
    await settle();
    expect(frames).toHaveLength(1);
    expect(scheduled).toHaveLength(1);
    runScheduled();
    expect(frames).toHaveLength(2);
    frames[1]!.connect();
    await settle();
    expect(scheduled).toHaveLength(0);
  });

  it('hands out a connected spare at once, the oldest first, and a new frame when empty', async () => {
    const { spares, frames, settle, runScheduled } = setup();
    spares.fill();
    expect(spares.takeReady()).toBeNull();
    frames[0]!.connect();
    await settle();
    runScheduled();
    expect(spares.takeReady()).toBe(frames[0]!.frame);
    // The second is still booting: take() waits for it.
    const second = spares.take();
    frames[1]!.connect();
    expect(await second).toBe(frames[1]!.frame);
    void spares.take();
    expect(frames).toHaveLength(3);
  });

  it('preloads React in spares once a program used it, also in ones already connected', async () => {
    const { spares, frames, settle, runScheduled } = setup();
    spares.fill();
    frames[0]!.connect();
    await settle();
    spares.preloadVendor(['react']);
    runScheduled();
    frames[1]!.connect();
    await settle();
    expect(frames.map((f) => f.sent)).toEqual([
      [{ type: 'preload', bundles: ['react'] }],
      [{ type: 'preload', bundles: ['react'] }],
    ]);
  });

  it("preloads the last program's bundles: a connected spare gets only those it lacks", async () => {
    const { spares, frames, settle, runScheduled } = setup();
    spares.fill();
    frames[0]!.connect();
    await settle();
    spares.preloadVendor(['react']);
    spares.preloadVendor(['react']);
    spares.preloadVendor(['vue']);
    // A program without prebuilt modules: the next spares load nothing ahead.
    spares.preloadVendor([]);
    runScheduled();
    frames[1]!.connect();
    await settle();
    expect(frames.map((f) => f.sent)).toEqual([
      [
        { type: 'preload', bundles: ['react'] },
        { type: 'preload', bundles: ['vue'] },
      ],
      [],
    ]);
  });

  it('forgets its spares on clear, removing their frames when asked', async () => {
    const { spares, frames, settle } = setup();
    spares.fill();
    frames[0]!.connect();
    await settle();
    spares.clear(true);
    await settle();
    expect(frames[0]!.removed).toBe(true);
    expect(spares.takeReady()).toBeNull();
    spares.fill();
    expect(frames).toHaveLength(2);
  });
});
