import { describe, expect, it } from 'vitest';
import type { ConsoleDropped, RuntimeMessage } from '../../../src/protocol/index.ts';
import { createConsoleLimit, ERROR_LIMITS } from '../../../src/runtime/console-limit.ts';
import { installErrorCapture } from '../../../src/runtime/errors.ts';

/** A rejection as the browser reports an unhandled one. */
class Rejection extends Event {
  constructor(readonly reason: unknown) {
    super('unhandledrejection');
  }
}

/** A window whose unhandled rejections are captured and capped as in the preview. */
function page() {
  const win = new EventTarget() as unknown as Window;
  const at = { tick: 0, now: 0 };
  const out: (RuntimeMessage | { dropped: ConsoleDropped })[] = [];
  let made = 0;
  const limit = createConsoleLimit<{ message: () => RuntimeMessage; tick: number }>({
    pass: ({ message }) => out.push(message()),
    dropped: (notice) => out.push({ dropped: notice }),
    limits: ERROR_LIMITS,
  });
  installErrorCapture(win, (message) =>
    limit.add(
      {
        message: () => {
          made++;
          return message();
        },
        tick: at.tick,
      },
      at.now,
    ),
  );
  const reject = (reason: unknown) => win.dispatchEvent(new Rejection(reason));
  return { out, limit, reject, at, made: () => made };
}

const messages = (out: ReturnType<typeof page>['out']) =>
  out.map((o) => ('dropped' in o ? `dropped ${o.dropped.count}` : o.type === 'error' && o.message));

describe('uncaught errors are capped', () => {
  it('100,000 rejections in one tick: the first and newest are reported, the rest counted, none of them walked', () => {
    const { out, limit, reject, made } = page();
    for (let i = 0; i < 100_000; i++) reject(new Error(`r${i}`));
    limit.flush(true);
    const { head, tail } = ERROR_LIMITS;
    expect(made()).toBe(head + tail);
    const shown = messages(out);
    expect(shown.slice(0, 2)).toEqual(['Error: r0', 'Error: r1']);
    expect(shown[head]).toBe(`dropped ${100_000 - head - tail}`);
    expect(shown.at(-1)).toBe('Error: r99999');
    expect(out[head]).toMatchObject({ dropped: { tick: 0, reason: 'tick', kept: head } });
  });

  it('errors spread over ticks are capped per virtual second', () => {
    const { out, limit, reject, at } = page();
    for (let i = 0; i < 1000; i++) {
      at.tick = i + 1;
      limit.startTick(at.tick, 0);
      reject(new Error(`t${i}`));
    }
    limit.flush(true);
    const shown = messages(out);
    expect(shown).toHaveLength(ERROR_LIMITS.perSecond + 1);
    expect(shown.at(-1)).toBe(`dropped ${1000 - ERROR_LIMITS.perSecond}`);
  });
});
