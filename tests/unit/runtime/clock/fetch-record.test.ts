import { describe, expect, it } from 'vitest';
import type { InputRecord } from '../../../../src/protocol/index.ts';
import {
  createFetchRecorder,
  FETCH_INPUT,
  type Settlement,
} from '../../../../src/runtime/clock/fetch-record.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A network that answers each request with its own Response; counts requests. */
function network() {
  const requests: string[] = [];
  const fetch: typeof globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    requests.push(url);
    if (url.endsWith('/down')) throw new TypeError('Failed to fetch');
    return new Response(new Uint8Array([1, 2, 255]), {
      status: 201,
      statusText: 'Made',
      headers: { 'content-type': 'application/x-test', 'x-n': String(requests.length) },
    });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const asInput = (s: Settlement, tick: number): InputRecord => ({ ...s, tick, now: 1000 + tick });

describe('fetch record and replay', () => {
  it('live: fetches, then settles only when the settlement tick runs, with the recorded response', async () => {
    const net = network();
    const settlements: Settlement[] = [];
    const recorder = createFetchRecorder({ fetch: net.fetch, settled: (s) => settlements.push(s) });
    let response: Response | null = null;
    void recorder.fetch('https://api.test/a').then((r) => (response = r));
    await flush();
    expect(net.requests).toEqual(['https://api.test/a']);
    expect(settlements).toHaveLength(1);
    expect(settlements[0]!.type).toBe(FETCH_INPUT);
    expect(response).toBeNull(); // waits for its tick
    recorder.settle(settlements[0]!);
    await flush();
    expect(response!.status).toBe(201);
    expect(response!.statusText).toBe('Made');
    expect(response!.headers.get('x-n')).toBe('1');
    expect([...new Uint8Array(await response!.arrayBuffer())]).toEqual([1, 2, 255]);
  });

  it('the settled response reads its body within the same task (microtasks only)', async () => {
    const net = network();
    const settlements: Settlement[] = [];
    const recorder = createFetchRecorder({ fetch: net.fetch, settled: (s) => settlements.push(s) });
    const response = recorder.fetch('https://api.test/a');
    await flush();
    recorder.settle(settlements[0]!);
    const order: string[] = [];
    setTimeout(() => order.push('next task'), 0);
    await response.then((r) => r.text()).then(() => order.push('body read'));
    expect(order).toEqual(['body read']);
  });

  it('replay: serves recorded calls by call order without the network, at the settle', async () => {
    const live = network();
    const settlements: Settlement[] = [];
    const liveRecorder = createFetchRecorder({
      fetch: live.fetch,
      settled: (s) => settlements.push(s),
    });
    void liveRecorder.fetch('https://api.test/a');
    void liveRecorder.fetch('https://api.test/down').catch(() => {});
    await flush();
    const inputs = settlements.map((s, i) => asInput(s, i + 1));

    const replayNet = network();
    const recorded = new Map(inputs.map((i) => [Number(i.init.index), i]));
    const replay = createFetchRecorder({ fetch: replayNet.fetch, settled: () => {} }, recorded);
    const results: string[] = [];
    void replay
      .fetch('https://api.test/a')
      .then(async (r) =>
        results.push(
          `${r.status} ${r.headers.get('x-n')} ${new Uint8Array(await r.arrayBuffer()).join(',')}`,
        ),
      );
    void replay
      .fetch('https://api.test/down')
      .catch((e: Error) => results.push(`${e.name}: ${e.message}`));
    // A third call had no settlement recorded: it goes to the network.
    void replay.fetch('https://api.test/c');
    await flush();
    expect(results).toEqual([]);
    for (const input of inputs) replay.settle(input);
    replay.settle(inputs[0]!); // a duplicate (live answer after the replayed one) is ignored
    await flush();
    expect(results.sort()).toEqual(['201 1 1,2,255', 'TypeError: Failed to fetch']);
    expect(replayNet.requests).toEqual(['https://api.test/c']);
  });

  it('hands back recorded responses of waiting calls when the run leaves the history', async () => {
    const live = network();
    const settlements: Settlement[] = [];
    const liveRecorder = createFetchRecorder({
      fetch: live.fetch,
      settled: (s) => settlements.push(s),
    });
    void liveRecorder.fetch('https://api.test/a');
    await flush();
    const recorded = new Map([[0, asInput(settlements[0]!, 5)]]);
    const replayNet = network();
    const replay = createFetchRecorder({ fetch: replayNet.fetch, settled: () => {} }, recorded);
    let status = 0;
    void replay.fetch('https://api.test/a').then((r) => (status = r.status));
    const orphans = replay.orphans();
    expect(orphans).toHaveLength(1);
    replay.settle(orphans[0]!);
    await flush();
    expect(status).toBe(201);
    expect(replay.orphans()).toEqual([]);
    expect(replayNet.requests).toEqual([]);
  });
});

describe('fetch by request (a hot swap)', () => {
  /** Records the settlements of calls to `urls` made live, in that order. */
  async function recordLive(urls: string[], init?: RequestInit) {
    const live = network();
    const settlements: Settlement[] = [];
    const recorder = createFetchRecorder({
      fetch: live.fetch,
      settled: (s) => settlements.push(s),
      base: () => 'https://api.test/app/',
    });
    for (const url of urls) void recorder.fetch(url, init).catch(() => {});
    await flush();
    // In call order (the network answers them in that order here).
    return settlements.sort((a, b) => Number(a.init.index) - Number(b.init.index));
  }

  it('records the request each response answers, by method and full URL', async () => {
    const [a, down] = await recordLive(['b/../a?x=1', 'https://api.test/down'], {
      method: 'post',
    });
    expect(a!.init.request).toBe('POST https://api.test/app/a?x=1');
    expect(down!.init).toMatchObject({
      request: 'POST https://api.test/down',
      error: 'Failed to fetch',
    });
  });

  it('gives a new program’s calls the old responses by request, whatever their order', async () => {
    const old = (
      await recordLive(['https://api.test/a', 'https://api.test/b', 'https://api.test/a'])
    ).map((s, i) => asInput(s, i + 1));
    const net = network();
    const fresh: Settlement[] = [];
    const swap = createFetchRecorder(
      { fetch: net.fetch, settled: (s) => fresh.push(s) },
      { byRequest: old },
    );
    const got: string[] = [];
    const call = (url: string) =>
      void swap.fetch(url).then((r) => got.push(`${url} ${r.headers.get('x-n')}`));
    call('https://api.test/b'); // asked first now, second then
    call('https://api.test/a');
    call('https://api.test/c'); // never recorded: the network
    expect(swap.claimed(old[2]!)).toBe('wait'); // the second /a: nobody asked yet
    call('https://api.test/a');
    // Each old response goes to the call that asked for it, renumbered to that call.
    const forB = swap.claimed(old[1]!);
    expect(forB).not.toBe('wait');
    expect((forB as Settlement).init.index).toBe(0);
    for (const input of old) {
      const settlement = swap.claimed(input);
      if (settlement !== 'wait') swap.settle(settlement);
    }
    await flush();
    // The call nothing was recorded for is answered by the network, at its own tick.
    for (const settlement of fresh) swap.settle(settlement);
    await flush();
    expect(got.sort()).toEqual([
      'https://api.test/a 1',
      'https://api.test/a 3',
      'https://api.test/b 2',
      'https://api.test/c 1',
    ]);
    expect(net.requests).toEqual(['https://api.test/c']);
  });

  it('after the landing, a call asking for a recorded response is answered at once', async () => {
    const old = (await recordLive(['https://api.test/a'])).map((s, i) => asInput(s, i + 1));
    const settled: Settlement[] = [];
    const swap = createFetchRecorder(
      { fetch: network().fetch, settled: (s) => settled.push(s) },
      { byRequest: old },
    );
    swap.goLive();
    void swap.fetch('https://api.test/a');
    await flush();
    expect(settled).toHaveLength(1);
    expect(settled[0]!.init).toMatchObject({ index: 0, request: 'GET https://api.test/a' });
  });

  it('a call still waiting at the landing gets its old response when the run goes on', async () => {
    const old = (await recordLive(['https://api.test/a'])).map((s, i) => asInput(s, i + 1));
    const swap = createFetchRecorder(
      { fetch: network().fetch, settled: () => {} },
      { byRequest: old },
    );
    let status = 0;
    void swap.fetch('https://api.test/a').then((r) => (status = r.status));
    const [orphan] = swap.orphans();
    swap.settle(orphan!);
    await flush();
    expect(status).toBe(201);
  });
});
