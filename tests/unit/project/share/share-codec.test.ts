import { describe, expect, test } from 'vitest';
import { deflateSync } from 'fflate';
import type { Project } from '../../../../src/protocol';
import { encodeBase64Url, decodeBase64Url } from '../../../../src/project/share/base64url';
import {
  decodeFragment,
  encodeProject,
  MAX_UNPACKED_BYTES,
  SHARE_VERSION,
} from '../../../../src/project/share/share-codec';
import { SHARE_DICTIONARY_V1 } from '../../../../src/project/share/share-dictionary';
import { MAX_SHARED_FILES, writeProject } from '../../../../src/project/share/share-format';
import { TEMPLATES } from '../../../../src/project/templates';
import { crc32 } from '../../../../src/project/import/zip-reader';

/** Deterministic PRNG (mulberry32) so failures reproduce. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const text = (t: string) => ({ kind: 'text' as const, text: t });
const dictionary = new TextEncoder().encode(SHARE_DICTIONARY_V1);

function roundTrip(project: Project, open?: string) {
  const fragment = encodeProject(project, open === undefined ? {} : { open });
  expect(fragment).toMatch(/^code\/[A-Za-z0-9_-]+$/);
  const result = decodeFragment('#' + fragment);
  if (!result.ok) throw new Error(result.error);
  expect(result.project).toEqual(project);
  expect(Object.keys(result.project.files)).toEqual(Object.keys(project.files));
  return result;
}

/** A fragment around a hand-made payload. */
function link(record: Uint8Array, version = SHARE_VERSION): string {
  const packed = deflateSync(record, { dictionary });
  return '#code/' + encodeBase64Url(new Uint8Array([version, ...packed]));
}

/** A link as a newer Playpen makes it: its payload sealed with the CRC-32 of the rest. */
function newerLink(record: Uint8Array, version: number): string {
  const body = new Uint8Array([version, ...deflateSync(record, { dictionary })]);
  const sealed = new Uint8Array(body.length + 4);
  sealed.set(body);
  new DataView(sealed.buffer).setUint32(body.length, crc32(body));
  return '#code/' + encodeBase64Url(sealed);
}

/** Raw record bytes: strings as varint length + UTF-8, numbers as single bytes. */
function record(...parts: (string | number | Uint8Array)[]): Uint8Array {
  const out: number[] = [];
  for (const p of parts) {
    if (typeof p === 'number') out.push(p);
    else if (p instanceof Uint8Array) out.push(...p);
    else {
      const b = new TextEncoder().encode(p);
      out.push(b.length, ...b);
    }
  }
  return new Uint8Array(out);
}

const message = (hash: string) => {
  const result = decodeFragment(hash);
  expect(result.ok).toBe(false);
  return result.ok ? '' : result.error;
};

describe('round trip', () => {
  test('every template', () => {
    for (const t of TEMPLATES) roundTrip(t.create());
  });

  test('unicode names and text, empty files, the file to open', () => {
    const project: Project = {
      name: 'Ünïcödé 🎉 项目',
      entry: 'src/main.ts',
      files: {
        'src/main.ts': text('console.log("héllo 🌍 مرحبا 你好 e\u0301 \u{10FFFF}");\n'),
        'src/empty.ts': text(''),
        'docs/über/ファイル.md': text('# 見出し\n\n\u200b zero width, \r\n CRLF, \t tab'),
        'src/zero.txt': text('a\u0000b'),
        'src/bom.ts': text('\ufeffexport {}; // a byte order mark is kept'),
      },
    };
    const result = roundTrip(project, 'docs/über/ファイル.md');
    expect(result.options).toEqual({ open: 'docs/über/ファイル.md' });
    expect(roundTrip(project, 'src/main.ts').options).toEqual({});
  });

  test('binary files stay byte-exact', () => {
    const random = rng(1);
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    const noise = Uint8Array.from({ length: 5000 }, () => Math.floor(random() * 256));
    roundTrip({
      name: 'bin',
      entry: 'main.js',
      files: {
        'main.js': text(''),
        'every.bin': { kind: 'binary', mime: 'application/octet-stream', bytes: every },
        'noise.png': { kind: 'binary', mime: 'image/png', bytes: noise },
        'empty.ico': { kind: 'binary', mime: 'image/x-icon', bytes: new Uint8Array(0) },
      },
    });
  });

  test('deep folders', () => {
    const deep = Array.from({ length: 40 }, (_, i) => `level${i}`).join('/');
    roundTrip({
      name: 'deep',
      entry: `${deep}/main.ts`,
      files: { [`${deep}/main.ts`]: text('export {};'), [`${deep}/x/y.css`]: text('a{}') },
    });
  });

  test('1,000 generated files', () => {
    const random = rng(7);
    const files: Project['files'] = {};
    for (let i = 0; i < 1000; i++) {
      const dir = `src/d${Math.floor(random() * 30)}/e${Math.floor(random() * 5)}`;
      const len = Math.floor(random() * 300);
      const body = Array.from({ length: len }, () =>
        String.fromCodePoint(
          random() < 0.9 ? 32 + Math.floor(random() * 95) : 0x4e00 + Math.floor(random() * 500),
        ),
      ).join('');
      files[`${dir}/f${i}.ts`] =
        i % 50 === 0
          ? { kind: 'binary', mime: 'image/png', bytes: new TextEncoder().encode(body) }
          : text(body);
    }
    files['src/main.ts'] = text('import "./d0/e0/f1";');
    roundTrip({ name: 'thousand', entry: 'src/main.ts', files });
  });
});

describe('malformed links each say what is wrong', () => {
  const good = '#' + encodeProject(TEMPLATES[0]!.create());

  test('not a project link', () => {
    expect(message('#section-2')).toMatch(/does not hold a Playpen project/);
  });
  test('nothing after code/', () => {
    expect(message('#code/')).toMatch(/ends right after “#code\/”/);
  });
  test('characters outside base64url', () => {
    expect(message(good.slice(0, 20) + '!' + good.slice(21))).toMatch(
      /contains “!” at position 15/,
    );
    expect(message(good + '==')).toMatch(/contains “=”/);
    expect(message(good.slice(0, 30) + ' ' + good.slice(30))).toMatch(/a space or line break/);
  });
  test('impossible length', () => {
    const payload = good.slice('#code/'.length);
    const cut = payload.slice(0, payload.length - ((payload.length - 1) % 4));
    expect(cut.length % 4).toBe(1);
    expect(message('#code/' + cut)).toMatch(/length is impossible/);
  });
  test('truncated', () => {
    for (const keep of [0.2, 0.5, 0.9]) {
      const n = Math.floor(good.length * keep);
      const cut = good.slice(0, (n - '#code/'.length) % 4 === 1 ? n - 1 : n);
      expect(message(cut)).toMatch(/cut off/);
    }
  });
  test('a newer or unknown format', () => {
    const rec = writeProject({ project: TEMPLATES[0]!.create() });
    expect(message(newerLink(rec, 3))).toMatch(/newer Playpen \(format 3\)/);
    expect(message(newerLink(rec, 63))).toMatch(/newer Playpen \(format 63\)/);
    expect(message(link(rec, 200))).toMatch(/format \(200\) is not one Playpen knows/);
  });
  test('garbage whose first byte could be a newer format is called broken, not newer', () => {
    // Text a person might paste: "H" decodes to a first byte of 28–31.
    expect(message('#code/Hello-this-is-not-a-link')).toMatch(
      /broken: its data is not a Playpen project/,
    );
    // Every first byte a newer format could have, followed by bytes that are no deflate stream.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) >> 16;
    for (let version = 2; version < 64; version++) {
      const bytes = Uint8Array.from({ length: 40 }, (_, i) => (i === 0 ? version : next() & 255));
      expect(message('#code/' + encodeBase64Url(bytes))).toMatch(/broken/);
    }
  });
  test('data that does not inflate', () => {
    const garbage = new Uint8Array([1, 0xff, 0xff, 0xff, 0xff, 0x13, 0x37]);
    expect(message('#code/' + encodeBase64Url(garbage))).toMatch(/can’t be decompressed/);
  });
  test('a decompression bomb is stopped', () => {
    const bomb = new Uint8Array(MAX_UNPACKED_BYTES + 2 * 1024 * 1024);
    expect(message(link(bomb))).toMatch(/refused: it would unpack to more than 32 MB/);
  });
  test('invalid and clashing paths', () => {
    const project = (files: Project['files']): Project => ({
      name: 'x',
      entry: 'main.ts',
      files: { 'main.ts': text(''), ...files },
    });
    const bad = (files: Project['files']) => link(writeProject({ project: project(files) }));
    expect(message(bad({ '../evil.ts': text('') }))).toMatch(
      /invalid file path “..\/evil.ts” \(.*inside the project/,
    );
    expect(message(bad({ '/etc/passwd': text('') }))).toMatch(/invalid file path “\/etc\/passwd”/);
    expect(message(bad({ 'a\\b.ts': text('') }))).toMatch(/invalid file path/);
    expect(message(bad({ 'Main.ts': text('') }))).toMatch(/holds both “main.ts” and “Main.ts”/);
    expect(message(bad({ 'main.ts/x.ts': text('') }))).toMatch(
      /“main.ts” is both a file and a folder/,
    );
  });
  test('wrong shapes', () => {
    const head = ['x', 'main.ts', '', 1, 'main.ts'] as const;
    expect(message(link(record(...head, 0, 3, new Uint8Array([97, 98]))))).toMatch(/ends early/);
    expect(message(link(record(...head, 7, 0)))).toMatch(/unknown kind \(7\)/);
    expect(message(link(record(...head, 0, 1, new Uint8Array([97, 98]))))).toMatch(
      /data after the last file/,
    );
    expect(message(link(record(...head, 0, 2, new Uint8Array([0xc3, 0x28]))))).toMatch(
      /file “main.ts” is not valid UTF-8/,
    );
    expect(message(link(record('x', 'main.ts', '', 2, 'main.ts', 0, 0, 'main.ts', 0, 0)))).toMatch(
      /lists “main.ts” twice/,
    );
    const many = new Uint8Array([...record('x', 'main.ts', ''), 0x89, 0x27]); // varint 5001
    expect(message(link(many))).toMatch(
      new RegExp(`holds 5001 files; Playpen opens at most ${MAX_SHARED_FILES}`),
    );
    expect(message(link(record('x', 'style.css', '', 1, 'style.css', 0, 0)))).toMatch(
      /entry file “style.css” is not a script/,
    );
    expect(message(link(record('x', 'main.ts', 'gone.ts', 1, 'main.ts', 0, 0)))).toMatch(
      /“gone.ts”, is not in the project/,
    );
    expect(message(link(record('  ', 'main.ts', '', 1, 'main.ts', 0, 0)))).toMatch(/has no name/);
    expect(message(link(new Uint8Array([])))).toMatch(/ends early/);
  });
});

describe('base64url', () => {
  test('round-trips every length', () => {
    const random = rng(3);
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
      const encoded = encodeBase64Url(bytes);
      expect(encoded).toBe(Buffer.from(bytes).toString('base64url'));
      expect(decodeBase64Url(encoded)).toEqual({ ok: true, bytes });
    }
  });
});
