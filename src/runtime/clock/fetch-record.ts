/**
 * fetch on the run clock. Live, each call (numbered in call order) goes to the network; its
 * response is buffered (status, statusText, headers, body bytes) and its settlement becomes a
 * tick of its own, recorded like an input, with the request it answers (`init.request`). A
 * replay (step back, seek) serves that record at the same tick and never fetches again. A hot
 * swap's new program may ask in another order: it is served the recorded responses by request
 * (the n-th call of a method and URL gets the n-th response recorded for them). A settlement
 * that arrives while the run is paused waits.
 */
import { FETCH_INPUT, type InputRecord } from '../../protocol/index.ts';

export { FETCH_INPUT };
/** Largest body recorded (base64 in the record); a larger one is fetched again on replay. */
const MAX_BODY_BYTES = 700_000;
// A Response cannot be constructed with these statuses and a body.
const NULL_BODY = new Set([101, 204, 205, 304]);

/** A settlement as the tick loop records it (tick and virtual time are added there). */
export type Settlement = Omit<InputRecord, 'tick' | 'now'>;
const SETTLEMENT = { type: FETCH_INPUT, ctor: 'Response', target: 'window' as const };

export interface FetchRecorderDeps {
  /** The real fetch, captured before user code. */
  fetch: typeof fetch;
  /** A live settlement arrived: make it a tick now, or hold it while paused. */
  settled(settlement: Settlement): void;
  /** The document's base URL, to name a relative request by its full URL. */
  base?(): string;
}

/** An old run's responses for a hot swap's new program: matched to its calls by request. */
export interface ByRequest {
  byRequest: readonly InputRecord[];
}

export interface FetchRecorder {
  /** The fetch the program sees. */
  fetch: typeof fetch;
  /** Settles call `init.index` from a record (live tick or replay); later duplicates are ignored. */
  settle(record: Pick<InputRecord, 'init' | 'state'>): void;
  /** Call `index` is still waiting for its response. */
  waiting(index: number): boolean;
  /**
   * The run leaves the recorded history (play or step past it): recorded responses of calls
   * still waiting are handed back to settle as new ticks, since their recorded ticks are gone.
   */
  orphans(): Settlement[];
  /**
   * A hot swap delivers `old` (one of its `byRequest` records): the settlement for the new
   * call that asked for it, or 'wait' while no call has asked for it yet.
   */
  claimed(old: InputRecord): Settlement | 'wait';
  /** The hot swap landed: a call asking for a recorded response from now on is answered at once. */
  goLive(): void;
}

/** Longest request name kept with a response (`METHOD url`). */
const MAX_REQUEST_CHARS = 2000;

/** What a call asks for, as `METHOD url` (the full URL): how a hot swap matches responses. */
export function requestKey(input: RequestInfo | URL, init?: RequestInit, base?: string): string {
  let key: string;
  try {
    const request = typeof Request === 'function' && input instanceof Request ? input : null;
    const url = request ? request.url : new URL(String(input), base).href;
    key = `${String(init?.method ?? request?.method ?? 'GET').toUpperCase()} ${url}`;
  } catch {
    key = `GET ${String(input)}`;
  }
  return key.slice(0, MAX_REQUEST_CHARS);
}

const toBase64 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Buffers a real response into a settlement record; null when it cannot be recorded. */
export async function recordResponse(
  index: number,
  response: Response,
  request?: string,
): Promise<Settlement> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const base = SETTLEMENT;
  const asked: Settlement['init'] = request === undefined ? {} : { request };
  const { status, statusText } = response;
  if (status < 200 || status > 599 || bytes.length > MAX_BODY_BYTES) {
    return { ...base, path: [], init: { index, ...asked, unrecorded: true } };
  }
  return {
    ...base,
    path: [],
    init: { index, ...asked, status, statusText },
    state: { headers: JSON.stringify([...response.headers]), body: toBase64(bytes) },
  };
}

/** The Response (or the network error) a record stands for; null when it was not recorded. */
export function replayResponse(
  record: Pick<InputRecord, 'init' | 'state'>,
): Response | Error | null {
  const { init, state } = record;
  if (typeof init.error === 'string') return new TypeError(init.error);
  if (init.unrecorded || typeof init.status !== 'number') return null;
  const headers = JSON.parse(String(state?.headers ?? '[]')) as [string, string][];
  const status = init.status;
  const bytes = NULL_BODY.has(status) ? null : fromBase64(String(state?.body ?? ''));
  return bufferedResponse(bytes, { status, statusText: String(init.statusText ?? ''), headers });
}

/**
 * A Response whose body reads settle in microtasks: a real one reads its body in later tasks,
 * so the program's `await r.text()` would land outside the tick (live and replay apart).
 */
function bufferedResponse(bytes: Uint8Array<ArrayBuffer> | null, init: ResponseInit): Response {
  const response = new Response(bytes, init);
  const data = bytes ?? new Uint8Array(0);
  let used = false;
  const read = <T>(make: () => T) => {
    if (used)
      return Promise.reject(new TypeError('Failed to read the body: body stream already read'));
    used = true;
    try {
      return Promise.resolve(make());
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const text = () => new TextDecoder().decode(data);
  const methods = {
    arrayBuffer: () => read(() => data.slice().buffer),
    bytes: () => read(() => data.slice()),
    text: () => read(text),
    json: () => read(() => JSON.parse(text()) as unknown),
    blob: () =>
      read(() => new Blob([data.slice()], { type: response.headers.get('content-type') ?? '' })),
    clone: () => bufferedResponse(bytes, init),
  };
  for (const [name, fn] of Object.entries(methods))
    Object.defineProperty(response, name, { value: fn, configurable: true, writable: true });
  Object.defineProperty(response, 'bodyUsed', { get: () => used, configurable: true });
  return response;
}

/** A settlement as a plain input part (tick and time are the loop's). */
const settlementOf = ({ type, ctor, target, path, init, state }: InputRecord): Settlement => ({
  type,
  ctor,
  target,
  path,
  init,
  ...(state ? { state } : {}),
});

export function createFetchRecorder(
  deps: FetchRecorderDeps,
  /**
   * Settlements of a replay, by call index: those calls never reach the network. Or, for a hot
   * swap, an old run's settlements to match by request.
   */
  recorded: ReadonlyMap<number, InputRecord> | ByRequest = new Map(),
): FetchRecorder {
  let calls = 0;
  const waiting = new Map<number, { resolve(r: Response): void; reject(e: unknown): void }>();
  const settled = new Set<number>();
  const pool = 'byRequest' in recorded ? [...recorded.byRequest] : null;
  /** Recorded settlements by this run's call index (a hot swap's, rewritten to it). */
  const answers = new Map<number, InputRecord>(
    pool ? [] : (recorded as ReadonlyMap<number, InputRecord>),
  );
  /** A hot swap's old records and the call index each was given to. */
  const claims = new Map<InputRecord, number>();
  let live = false;

  /** A hot swap: the first old response to this request that no call has taken. */
  const claim = (index: number, key: string) => {
    const at = pool!.findIndex((old) =>
      typeof old.init.request === 'string' ? old.init.request === key : old.init.index === index,
    );
    if (at < 0) return;
    const [old] = pool!.splice(at, 1);
    claims.set(old!, index);
    answers.set(index, { ...old!, init: { ...old!.init, index } });
  };

  const settle: FetchRecorder['settle'] = (record) => {
    const index = Number(record.init.index);
    const call = waiting.get(index);
    if (!call || settled.has(index)) return;
    const result = replayResponse(record);
    if (!result) return; // not recorded: the network answer settles it
    settled.add(index);
    waiting.delete(index);
    if (result instanceof Error) call.reject(result);
    else call.resolve(result);
  };

  const programFetch = function fetch(input: RequestInfo | URL, init?: RequestInit) {
    const index = calls++;
    const key = requestKey(input, init, deps.base?.());
    const promise = new Promise<Response>((resolve, reject) =>
      waiting.set(index, { resolve, reject }),
    );
    if (pool) claim(index, key);
    const record = answers.get(index);
    if (record && replayResponse(record)) {
      // Past a hot swap's landing nothing delivers it at a recorded tick: it is answered now.
      if (pool && live) queueMicrotask(() => deps.settled(settlementOf(record)));
      return promise; // settled at its recorded tick
    }
    deps.fetch(input, init).then(
      async (response) => {
        const settlement = await recordResponse(index, response.clone(), key);
        if (!settlement.init.unrecorded) return deps.settled(settlement);
        // Not recordable (too large, opaque): settled live as it is; a replay fetches again.
        const call = waiting.get(index);
        waiting.delete(index);
        settled.add(index);
        call?.resolve(response);
      },
      (error: unknown) =>
        deps.settled({
          ...SETTLEMENT,
          path: [],
          init: {
            index,
            request: key,
            error: error instanceof Error ? error.message : String(error),
          },
        }),
    );
    return promise;
  } as typeof fetch;

  return {
    fetch: programFetch,
    settle,
    waiting: (index) => waiting.has(index),
    orphans() {
      const out: Settlement[] = [];
      for (const [index, record] of answers) {
        if (!waiting.has(index) || settled.has(index)) continue;
        out.push(settlementOf(record));
      }
      return out;
    },
    claimed(old) {
      const index = claims.get(old);
      if (index === undefined) return 'wait';
      return settlementOf(answers.get(index)!);
    },
    goLive() {
      live = true;
    },
  };
}
