import type { ProbeWorkerApi } from '../../src/protocol';
import { defaultExpression } from './default-expression';
import { instrumentModule } from './instrument';

/** What the probe worker exposes (workers/probe.worker.ts). */
export const probeWorkerApi: ProbeWorkerApi = {
  instrument: async (request) => instrumentModule(request),
  defaultExpression,
};
