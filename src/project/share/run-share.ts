/**
 * A run inside a share link ("Include this run"): what makes the run a pure function of the
 * program (seed, start time, recorded inputs with their fetch responses), the tick the sender
 * was at, and the last recorded tick, so the receiver lands where the sender was and can step
 * through the whole recording. Carried as JSON after the project record (share-codec.ts,
 * format 2) and checked on the way in like anything the preview sends: a link is untrusted.
 */
import { z } from 'zod';
import {
  FETCH_INPUT,
  MAX_VIEWPORT_PX,
  RESIZE_INPUT,
  ENVIRONMENT_INPUT,
  environmentOfInput,
  type InputRecord,
  type Logpoint,
  type RunEnvironment,
  type Viewport,
} from '../../protocol';
import { MAX_EXPRESSION, MAX_LOGPOINTS, validLogpoints } from '../model/logpoints';
import { inputRecord, runEnvironment } from '../../protocol/runtime-message-schema';

export interface SharedRun {
  /** Seed of the run's random generator. */
  seed: number;
  /** Virtual wall-clock start of the run (ms since epoch). */
  startTime: number;
  /** Tick the sender was at: the receiver lands there, paused. */
  tick: number;
  /** Last recorded tick: the receiver can step forward up to it. */
  lastTick: number;
  /** Recorded inputs of ticks 1..lastTick, and fetch responses (served from the record). */
  inputs: InputRecord[];
  /** The viewport tick 0 ran at: the receiver replays at it, whatever its own pane's size. */
  viewport?: Viewport;
  /** The device pixel ratio and media features tick 0 ran with (JavaScript reads replay them). */
  environment?: RunEnvironment;
  /** The sender's logpoints ("look at these values"): the receiver's probed replay shows their hits. */
  logpoints?: Logpoint[];
}

/**
 * Newest run JSON this Playpen reads and writes (its `v`). 2 carries the start (`viewport`,
 * `environment`); a run without `v` is a version-1 one and replays at the receiver's size.
 */
export const RUN_JSON_VERSION = 2;

/**
 * Longest link with a run: past 64 Ki characters some browsers and most chat apps cut or
 * refuse a URL, and the whole point of a run link is that it opens anywhere.
 */
export const MAX_RUN_LINK_CHARS = 65_536;
/** Recorded fetch bodies a link carries (their JSON size), so a big download stays out of URLs. */
export const MAX_SHARED_FETCH_BYTES = 64 * 1024;
/** Most ticks and inputs a link may claim (a hostile link could claim billions). */
export const MAX_SHARED_TICKS = 10_000_000;
export const MAX_SHARED_INPUTS = 200_000;

const side = z.number().int().min(1).max(MAX_VIEWPORT_PX);
const runSchema = z.object({
  v: z.number().int().min(1).max(RUN_JSON_VERSION).optional(),
  viewport: z.object({ width: side, height: side }).optional(),
  environment: runEnvironment.optional(),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1),
  startTime: z.number(),
  tick: z.number().int().nonnegative(),
  lastTick: z.number().int().nonnegative().max(MAX_SHARED_TICKS),
  inputs: z.array(inputRecord).max(MAX_SHARED_INPUTS),
  logpoints: z
    .array(
      z.object({
        id: z.string().max(40),
        path: z.string().min(1).max(1000),
        line: z.number().int().min(1).max(10_000_000),
        expression: z.string().max(MAX_EXPRESSION),
      }),
    )
    .max(MAX_LOGPOINTS)
    .optional(),
});

export type ReadRunResult = { ok: true; run: SharedRun } | { ok: false; error: string };

const encoder = new TextEncoder();

export function writeRun(run: SharedRun): Uint8Array {
  return encoder.encode(JSON.stringify({ ...run, v: RUN_JSON_VERSION }));
}

/** What is wrong with a run's ticks, as the end of "its …"; null when they are consistent. */
function tickProblem(run: SharedRun): string | null {
  if (run.tick > run.lastTick)
    return `current tick ${run.tick} is after its last tick ${run.lastTick}`;
  let previous = 0;
  for (const input of run.inputs) {
    if (input.tick <= previous)
      return `inputs are out of order (tick ${input.tick} after tick ${previous})`;
    if (input.tick > run.lastTick && input.type !== FETCH_INPUT)
      return `input at tick ${input.tick} is after its last tick ${run.lastTick}`;
    if (input.type === RESIZE_INPUT && !sizeOk(input.state))
      return `resize at tick ${input.tick} asks for a size no preview takes (whole pixels, 1 to ${MAX_VIEWPORT_PX.toLocaleString('en')})`;
    if (input.type === ENVIRONMENT_INPUT && !environmentOfInput(input))
      return `environment change at tick ${input.tick} is not a pixel ratio and media features`;
    previous = input.tick;
  }
  return null;
}

/**
 * A resize's recorded size (RESIZE_INPUT), if it has one: the receiver's preview is sized to
 * it. One without a size (recorded before sizes were) replays as a plain resize event.
 */
function sizeOk(state: InputRecord['state']): boolean {
  const { width, height } = state ?? {};
  if (width === undefined && height === undefined) return true;
  const ok = (v: unknown) =>
    typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_VIEWPORT_PX;
  return ok(width) && ok(height);
}

/** Parses a run's bytes; every failure is a sentence saying what was wrong. */
export function readRun(bytes: Uint8Array): ReadRunResult {
  const fail = (why: string): ReadRunResult => ({
    ok: false,
    error: `The run in this link could not be read (${why}), so the code opened without it.`,
  });
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return fail('it is not valid data: the link was probably cut off or changed');
  }
  const v = (data as { v?: unknown } | null)?.v;
  if (typeof v === 'number' && Number.isInteger(v) && v > RUN_JSON_VERSION)
    return {
      ok: false,
      error: `The run in this link was made by a newer Playpen (run version ${v}), so the code opened without it: reload to update, or ask for a new link.`,
    };
  const parsed = runSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'the run';
    return fail(`${where}: ${issue.message}`);
  }
  // `v` is the JSON's, not the run's: a reader knows every version up to RUN_JSON_VERSION.
  const { v: _version, logpoints, ...rest } = parsed.data;
  // One per line, ids renewed where two collide: a link is not trusted to keep them apart.
  const run: SharedRun = logpoints?.length
    ? { ...rest, logpoints: validLogpoints(logpoints) }
    : rest;
  const problem = tickProblem(run);
  return problem ? fail(`its ${problem}`) : { ok: true, run };
}

/**
 * The recording up to `tick` only (what "Cut at tick n" shares). Fetch responses settled later
 * go too: past the recording the receiver's run is live, and fetches there go to the network.
 */
export function cutRun(run: SharedRun, tick: number): SharedRun {
  const at = Math.min(tick, run.lastTick);
  return {
    ...run,
    tick: Math.min(run.tick, at),
    lastTick: at,
    inputs: run.inputs.filter((i) => i.tick <= at),
  };
}

/** Bytes of recorded fetch bodies (the `state` of fetch inputs, as JSON). */
export function fetchBytes(run: SharedRun): number {
  let total = 0;
  for (const input of run.inputs)
    if (input.type === FETCH_INPUT) total += JSON.stringify(input.state ?? {}).length;
  return total;
}

/** Why a link with `run` (of `linkChars` characters) can't be shared; null when it can. */
export function runLinkProblem(run: SharedRun, linkChars: number): string | null {
  const fetched = fetchBytes(run);
  if (fetched > MAX_SHARED_FETCH_BYTES)
    return `This run’s recorded fetch responses take ${Math.ceil(fetched / 1024).toLocaleString('en')} KB; a link carries at most ${MAX_SHARED_FETCH_BYTES / 1024} KB of them.`;
  if (linkChars > MAX_RUN_LINK_CHARS)
    return `With this run the link would be ${linkChars.toLocaleString('en')} characters, more than the ${MAX_RUN_LINK_CHARS.toLocaleString('en')} a link can have to open in every browser.`;
  return null;
}

// Format 2's record: varint length of the project record · project record · run JSON.

/** The project record followed by the run's. */
export function joinRecords(project: Uint8Array, run: Uint8Array): Uint8Array {
  const head: number[] = [];
  let n = project.length;
  while (n >= 0x80) {
    head.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  head.push(n);
  const out = new Uint8Array(head.length + project.length + run.length);
  out.set(head);
  out.set(project, head.length);
  out.set(run, head.length + project.length);
  return out;
}

/** The two parts of a format-2 record; null when its length prefix does not fit it. */
export function splitRecords(record: Uint8Array): { project: Uint8Array; run: Uint8Array } | null {
  let n = 0;
  let i = 0;
  for (let shift = 1; ; shift *= 128) {
    if (i >= record.length || shift > 2 ** 35) return null;
    const b = record[i++]!;
    n += (b & 0x7f) * shift;
    if (b < 0x80) break;
  }
  if (n > record.length - i) return null;
  return { project: record.subarray(i, i + n), run: record.subarray(i + n) };
}
