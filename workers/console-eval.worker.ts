import { expose } from 'comlink';
import type { ConsoleEvalApi } from '../src/protocol';
import { rewriteConsoleInput } from './console-eval/rewrite';

// Off the main thread: a long pasted line parses here, never in a frame the user types in.
const api: ConsoleEvalApi = { prepare: (source) => rewriteConsoleInput(source) };
expose(api);
