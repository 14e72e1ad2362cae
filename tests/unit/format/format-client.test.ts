import { describe, expect, it } from 'vitest';
import { createFormatClient } from '../../../src/format/format-client';
import type { FormatApi } from '../../../src/format/format-types';

/** A stand-in Worker: only what the client touches. */
function fakeWorker() {
  const listeners: ((event: Event) => void)[] = [];
  return {
    terminated: false,
    addEventListener: (_type: string, fn: (event: Event) => void) => listeners.push(fn),
    terminate() {
      this.terminated = true;
    },
    crash: (message: string) => listeners.forEach((fn) => fn({ message } as ErrorEvent)),
  };
}

describe('format client', () => {
  it('starts no worker until the first format, then reuses it', async () => {
    const workers: ReturnType<typeof fakeWorker>[] = [];
    const client = createFormatClient({
      createWorker: () => (workers.push(fakeWorker()), workers.at(-1) as unknown as Worker),
      connect: (): FormatApi => ({
        format: (r) => Promise.resolve({ ok: true, text: r.text.trim() + '\n' }),
      }),
    });
    expect(workers).toHaveLength(0);
    expect(await client.format({ path: 'a.ts', text: ' a ', config: null })).toEqual({
      ok: true,
      text: 'a\n',
    });
    await client.format({ path: 'a.ts', text: 'b', config: null });
    expect(workers).toHaveLength(1);
  });

  it('a worker that crashes mid-format answers with an error, and the next format gets a new one', async () => {
    const workers: ReturnType<typeof fakeWorker>[] = [];
    const client = createFormatClient({
      createWorker: () => (workers.push(fakeWorker()), workers.at(-1) as unknown as Worker),
      connect: (): FormatApi => ({
        format: (r) =>
          workers.length === 1
            ? new Promise(() => queueMicrotask(() => workers[0]!.crash('out of memory')))
            : Promise.resolve({ ok: true, text: r.text }),
      }),
    });
    expect(await client.format({ path: 'big.ts', text: 'x', config: null })).toEqual({
      ok: false,
      error: 'big.ts was not formatted: out of memory.',
    });
    expect(workers[0]!.terminated).toBe(true);
    expect(await client.format({ path: 'big.ts', text: 'x', config: null })).toEqual({
      ok: true,
      text: 'x',
    });
    expect(workers).toHaveLength(2);
  });
});
