/**
 * Share permalinks: the whole project in the URL fragment (`#code/…`), which browsers never
 * send to a server. Payload = one version byte + raw deflate (with a preset dictionary of
 * common code) of share-format's record, in base64url without padding. Format 2 adds a run
 * after the project (run-share.ts) and ends with the CRC-32 seal; code-only links stay format 1.
 */
import { deflateSync, Inflate } from 'fflate';
import type { Project } from '../../protocol';
import { decodeBase64Url, encodeBase64Url } from './base64url';
import { FormatError, readProject, writeProject } from './share-format';
import { SHARE_DICTIONARY_V1 } from './share-dictionary';
import { isScriptPath } from '../model/file-types';
import { ancestorsOf, validatePath } from '../model/paths';
import { crc32 } from '../import/zip-reader';
import { joinRecords, readRun, splitRecords, writeRun, type SharedRun } from './run-share';

export const FRAGMENT_PREFIX = 'code/';
/**
 * Format of the payload; bump (and keep decoding the old ones) when it changes. Formats 2–63
 * end with a CRC-32 seal (sealedAsNewer) so that older Playpens can recognise them.
 */
export const SHARE_VERSION = 1;
/** Format of a link that carries a run besides the project (sealed, see sealedAsNewer). */
export const RUN_SHARE_VERSION = 2;
/** Newest format this Playpen reads. */
const NEWEST_VERSION = RUN_SHARE_VERSION;
/** Largest project a link may unpack to: bigger means hostile (a decompression bomb). */
export const MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
/** Longest fragment we try to read (browsers cap URLs near 2 MB anyway). */
export const MAX_FRAGMENT_LENGTH = 4 * 1024 * 1024;

export interface ShareOptions {
  /** File to show when the link opens; defaults to the entry. */
  open?: string;
  /** A run to replay on opening (format 2). */
  run?: SharedRun;
}

export type DecodeResult =
  | {
      ok: true;
      project: Project;
      options: ShareOptions;
      /** Why the link's run was left out (the code itself was sound). */
      runError?: string;
    }
  | { ok: false; error: string };

const dictionary = new TextEncoder().encode(SHARE_DICTIONARY_V1);

/** `code/…`: the fragment (without `#`) carrying `project`. */
export function encodeProject(project: Project, opts: ShareOptions = {}): string {
  const projectRecord = writeProject({ project, open: opts.open });
  const record = opts.run ? joinRecords(projectRecord, writeRun(opts.run)) : projectRecord;
  const packed = deflateSync(record, { level: 9, mem: 8, dictionary });
  const seal = opts.run ? 4 : 0;
  const payload = new Uint8Array(packed.length + 1 + seal);
  payload[0] = opts.run ? RUN_SHARE_VERSION : SHARE_VERSION;
  payload.set(packed, 1);
  if (seal) {
    const end = payload.length - 4;
    new DataView(payload.buffer).setUint32(end, crc32(payload.subarray(0, end)));
  }
  return FRAGMENT_PREFIX + encodeBase64Url(payload);
}

const fail = (error: string): DecodeResult => ({ ok: false, error });
const broken = (why: string) => fail(`This share link is broken: ${why}.`);

/** Inflates in small steps so a bomb is stopped after ~1 MB past the cap, not at its full size. */
function inflateCapped(data: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflate = new Inflate({ dictionary }, (chunk) => {
    total += chunk.length;
    if (total > MAX_UNPACKED_BYTES) throw new FormatError('too big');
    chunks.push(chunk);
  });
  const step = 1024;
  for (let i = 0; i < data.length; i += step)
    inflate.push(data.subarray(i, i + step), i + step >= data.length);
  if (data.length === 0) inflate.push(data, true);
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

/**
 * Whether `payload` is sealed as every format after 1 must be, whatever else it changes: its
 * last 4 bytes are the CRC-32 (big-endian) of all before them. So a link from a newer Playpen
 * is told apart from garbage whose first byte happens to be 2–63 (any text starting B–P).
 */
export function sealedAsNewer(payload: Uint8Array): boolean {
  if (payload.length < 6) return false;
  const end = payload.length - 4;
  const view = new DataView(payload.buffer, payload.byteOffset + end, 4);
  return view.getUint32(0) === crc32(payload.subarray(0, end));
}

/** Reads a fragment (with or without `#`); never throws, every failure says what was wrong. */
export function decodeFragment(hash: string): DecodeResult {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!fragment.startsWith(FRAGMENT_PREFIX))
    return fail('This link does not hold a Playpen project (it should contain “#code/”).');
  if (fragment.length > MAX_FRAGMENT_LENGTH)
    return broken(
      `it is ${fragment.length.toLocaleString('en')} characters long, too long to be real`,
    );
  const text = fragment.slice(FRAGMENT_PREFIX.length);
  if (text === '') return broken('it ends right after “#code/”, so it was cut off');
  const decoded = decodeBase64Url(text);
  if (!decoded.ok) return broken(decoded.error);
  const version = decoded.bytes[0]!;
  const sealed = version > SHARE_VERSION && version < 64 && sealedAsNewer(decoded.bytes);
  if (version !== SHARE_VERSION && !(version === RUN_SHARE_VERSION && sealed)) {
    if (version > NEWEST_VERSION && sealed)
      return fail(
        `This share link was made by a newer Playpen (format ${version}); reload to update, or ask for a new link.`,
      );
    return broken(
      version > SHARE_VERSION && version < 64
        ? 'its data is not a Playpen project, so it was cut off or changed'
        : `its format (${version}) is not one Playpen knows`,
    );
  }
  let record: Uint8Array;
  try {
    const end = decoded.bytes.length - (version === SHARE_VERSION ? 0 : 4);
    record = inflateCapped(decoded.bytes.subarray(1, end));
  } catch (error) {
    if (error instanceof FormatError)
      return fail(
        `This share link was refused: it would unpack to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB (a decompression bomb?).`,
      );
    return broken('its data can’t be decompressed, so it was cut off or changed');
  }
  const parts = version === SHARE_VERSION ? { project: record, run: null } : splitRecords(record);
  if (!parts) return broken('its data ends early, so it was cut off');
  try {
    const { project, open } = readProject(parts.project);
    const problem = checkProject(project, open);
    if (problem) return broken(problem);
    const options: ShareOptions = open === undefined ? {} : { open };
    if (!parts.run) return { ok: true, project, options };
    const run = readRun(parts.run);
    return run.ok
      ? { ok: true, project, options: { ...options, run: run.run } }
      : { ok: true, project, options, runError: run.error };
  } catch (error) {
    if (error instanceof FormatError) return fail(`This share link ${error.message}.`);
    throw error;
  }
}

/** What is wrong with a decoded project, as the end of "This share link is broken: …". */
export function checkProject(project: Project, open?: string): string | null {
  if (project.name.trim() === '') return 'its project has no name';
  // Shapes one by one, clashes in one pass (validatePath against all others is quadratic).
  const files = new Map<string, string>();
  const folders = new Set<string>();
  for (const path of Object.keys(project.files)) {
    const error = validatePath(path, []);
    if (error)
      return `it holds an invalid file path “${path.slice(0, 80)}” (${error.replace(/\.$/, '')})`;
    const lower = path.toLowerCase();
    const clash = files.get(lower);
    if (clash !== undefined) return `it holds both “${clash}” and “${path}”, which clash`;
    files.set(lower, path);
    for (const dir of ancestorsOf(lower)) folders.add(dir);
  }
  for (const [lower, path] of files)
    if (folders.has(lower)) return `“${path}” is both a file and a folder in it`;
  if (!Object.hasOwn(project.files, project.entry) || !isScriptPath(project.entry))
    return `its entry file “${project.entry.slice(0, 80)}” is not a script in the project`;
  if (open !== undefined && !Object.hasOwn(project.files, open))
    return `the file it should open, “${open.slice(0, 80)}”, is not in the project`;
  return null;
}
