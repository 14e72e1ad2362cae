import { expose } from 'comlink';
import type { ProbeWorkerApi } from '../src/protocol';
import { defaultExpression } from './probe/default-expression';
import { instrumentModule } from './probe/instrument';

// Off the main thread: parsing and rewriting a large module takes longer than a frame.
const api: ProbeWorkerApi = {
  instrument: async (request) => instrumentModule(request),
  defaultExpression,
};
expose(api);
