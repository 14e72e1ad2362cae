import { expose } from 'comlink';
import { probeWorkerApi } from './probe/api';

// Off the main thread: parsing and rewriting a large module takes longer than a frame.
expose(probeWorkerApi);
