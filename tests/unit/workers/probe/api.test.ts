import { MessageChannel } from 'node:worker_threads';
import { expose, wrap, type Endpoint } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { probeWorkerApi } from '../../../../workers/probe/api';
import { createProbeWorkerClient } from '../../../../src/probes/probe-worker-client';
import type { ProbeWorkerCalls } from '../../../../src/probes/probe-worker-client';
import { at, built, lines, run } from './helpers';

const channels: MessageChannel[] = [];
afterEach(() => channels.splice(0).forEach((c) => (c.port1.close(), c.port2.close())));

/** The client talking to the worker's API over a real message channel, as in the browser. */
const overChannel = () =>
  createProbeWorkerClient({
    createWorker: () => {
      const channel = new MessageChannel();
      channels.push(channel);
      expose(probeWorkerApi, channel.port1 as unknown as Endpoint);
      return Object.assign(channel.port2, {
        terminate: () => channel.port2.close(),
      }) as unknown as Worker;
    },
    connect: (port) => wrap<ProbeWorkerCalls>(port as unknown as Endpoint),
  });

describe('the probe worker over comlink', () => {
  it('instruments a module and names a line’s values, results surviving the trip', async () => {
    const client = overChannel();
    const module = await built(lines('export let x = 1;', 'x += 2;'));
    const result = await client.instrument({ ...module, logpoints: at([2, 'x']), lineHits: true });
    expect(result.lines).toEqual([1, 2]);
    expect(run(result).hits).toEqual([{ site: 0, values: [3] }]);
    expect(await client.defaultExpression('x += 2;')).toBe('x');
    client.dispose();
  });
});
