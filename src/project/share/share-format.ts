/**
 * The share payload before compression: a compact binary record of a project. Headers
 * (paths, kinds, sizes) come first and bodies after, so similar bytes sit together and
 * deflate finds more matches. Strings are a varint byte length + UTF-8.
 *
 *   str name · str entry · str open ('' = the entry) · varint count ·
 *   count × (str path · u8 kind (0 text, 1 binary) · [binary: str mime] · varint size) ·
 *   bodies, in the same order
 */
import type { Project, ProjectFile } from '../../protocol';

/** Most files a shared project may hold (hostile links could declare millions). */
export const MAX_SHARED_FILES = 5000;

export interface SharedProject {
  project: Project;
  /** File to show first; undefined = the entry. */
  open?: string;
}

const encoder = new TextEncoder();

class Writer {
  private buf = new Uint8Array(1024);
  length = 0;
  private reserve(n: number) {
    if (this.length + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.length + n));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  byte(b: number) {
    this.reserve(1);
    this.buf[this.length++] = b;
  }
  varint(n: number) {
    while (n >= 0x80) {
      this.byte((n & 0x7f) | 0x80);
      n = Math.floor(n / 128);
    }
    this.byte(n);
  }
  bytes(b: Uint8Array) {
    this.reserve(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  string(s: string) {
    const b = encoder.encode(s);
    this.varint(b.length);
    this.bytes(b);
  }
  result() {
    return this.buf.slice(0, this.length);
  }
}

export function writeProject({ project, open }: SharedProject): Uint8Array {
  const w = new Writer();
  w.string(project.name);
  w.string(project.entry);
  w.string(open && open !== project.entry ? open : '');
  const entries = Object.entries(project.files);
  const bodies = entries.map(([, f]) => (f.kind === 'text' ? encoder.encode(f.text) : f.bytes));
  w.varint(entries.length);
  entries.forEach(([path, file], i) => {
    w.string(path);
    w.byte(file.kind === 'text' ? 0 : 1);
    if (file.kind === 'binary') w.string(file.mime);
    w.varint(bodies[i]!.length);
  });
  for (const body of bodies) w.bytes(body);
  return w.result();
}

/** Thrown for a payload whose shape is wrong; the message completes "The link …". */
export class FormatError extends Error {}

class Reader {
  pos = 0;
  private decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  constructor(private data: Uint8Array) {}
  byte(): number {
    if (this.pos >= this.data.length) throw new FormatError('ends early: it was probably cut off');
    return this.data[this.pos++]!;
  }
  varint(): number {
    let n = 0;
    for (let shift = 1; ; shift *= 128) {
      const b = this.byte();
      n += (b & 0x7f) * shift;
      if (b < 0x80) return n;
      if (shift > 2 ** 35) throw new FormatError('is damaged: a size in it is impossibly large');
    }
  }
  bytes(n: number): Uint8Array {
    if (n > this.data.length - this.pos)
      throw new FormatError('ends early: it was probably cut off');
    const out = this.data.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  text(n: number, what: string): string {
    try {
      return this.decoder.decode(this.bytes(n));
    } catch (error) {
      if (error instanceof FormatError) throw error;
      throw new FormatError(`is damaged: ${what} is not valid UTF-8 text`);
    }
  }
  string(what: string): string {
    return this.text(this.varint(), what);
  }
  get done() {
    return this.pos === this.data.length;
  }
}

/** Parses a payload into files; paths are not validated here (see share-codec). */
export function readProject(data: Uint8Array): SharedProject {
  const r = new Reader(data);
  const name = r.string('the project name');
  const entry = r.string('the entry path');
  const open = r.string('the path of the file to open');
  const count = r.varint();
  if (count > MAX_SHARED_FILES)
    throw new FormatError(`holds ${count} files; Playpen opens at most ${MAX_SHARED_FILES}`);
  const heads: { path: string; mime: string | null; size: number }[] = [];
  for (let i = 0; i < count; i++) {
    const path = r.string('a file path');
    const kind = r.byte();
    if (kind > 1) throw new FormatError(`is damaged: file “${path}” has an unknown kind (${kind})`);
    const mime = kind === 1 ? r.string('a file type') : null;
    heads.push({ path, mime, size: r.varint() });
  }
  const files: Record<string, ProjectFile> = Object.create(null) as Record<string, ProjectFile>;
  for (const { path, mime, size } of heads) {
    if (Object.hasOwn(files, path)) throw new FormatError(`lists “${path}” twice`);
    files[path] =
      mime === null
        ? { kind: 'text', text: r.text(size, `file “${path}”`) }
        : { kind: 'binary', mime, bytes: r.bytes(size).slice() };
  }
  if (!r.done) throw new FormatError('is damaged: it has data after the last file');
  return { project: { name, entry, files: { ...files } }, open: open === '' ? undefined : open };
}
