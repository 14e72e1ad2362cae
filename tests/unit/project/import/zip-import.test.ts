import { zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type ImportLimits } from '../../../../src/project/import/import-limits';
import {
  commonTopFolder,
  unzipUpload,
  wrapperFolder,
} from '../../../../src/project/import/zip-import';
import { crc32 } from '../../../../src/project/import/zip-reader';

const enc = (t: string) => new TextEncoder().encode(t);
const limits = (over: Partial<ImportLimits> = {}): ImportLimits => ({ ...DEFAULT_LIMITS, ...over });
const errorsOf = (r: ReturnType<typeof unzipUpload>) => (r.ok ? [] : r.errors);
/** Incompressible bytes (xorshift32). */
const noise = (n: number) => {
  let x = 2463534242;
  return Uint8Array.from({ length: n }, () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x & 0xff;
  });
};

/** Offsets of every central-directory record (signature PK\1\2). */
function centralRecords(zip: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i + 4 <= zip.length; i++)
    if (zip[i] === 0x50 && zip[i + 1] === 0x4b && zip[i + 2] === 1 && zip[i + 3] === 2) out.push(i);
  return out;
}
const setU32 = (zip: Uint8Array, at: number, v: number) =>
  new DataView(zip.buffer, zip.byteOffset).setUint32(at, v, true);

describe('unzipUpload', () => {
  it('strips one common top folder and skips folders and OS clutter', () => {
    const zip = zipSync({
      'my-project/': new Uint8Array(0),
      'my-project/src/a.ts': enc('a'),
      'my-project/index.html': enc('<p>'),
      '__MACOSX/my-project/._index.html': enc('junk'),
      'my-project/.DS_Store': enc('junk'),
    } as Zippable);
    const result = unzipUpload('p.zip', zip, limits());
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.files.map((f) => f.path).sort()).toEqual(['index.html', 'src/a.ts']);
    expect(result.skipped).toBe(2);
  });

  it('keeps paths when entries do not share one top folder', () => {
    expect(commonTopFolder(['a/x', 'b/y'])).toBe('');
    expect(commonTopFolder(['a/x', 'top.txt'])).toBe('');
    expect(commonTopFolder(['a/x', 'a/y/z'])).toBe('a');
    expect(commonTopFolder(['../x', '../y'])).toBe('');
  });

  it('keeps a usual project folder unless the zip is named after it', () => {
    expect(wrapperFolder('parts.zip', ['src/a.ts', 'src/b.ts'])).toBe('');
    expect(wrapperFolder('src.zip', ['src/a.ts'])).toBe('src');
    expect(wrapperFolder('download (3).zip', ['repo-main/a.ts'])).toBe('repo-main');
  });

  it('refuses a big run of zeros by its ratio before inflating', () => {
    const zip = zipSync({ 'zeros.bin': new Uint8Array(5 * 1024 * 1024) }, { level: 9 });
    expect(zip.length).toBeLessThan(50_000);
    expect(errorsOf(unzipUpload('bomb.zip', zip, limits()))).toEqual([
      expect.stringMatching(
        /“bomb\.zip”: “zeros\.bin” is compressed [\d,]+:1, which is how zip bombs look \(the limit is 100:1/,
      ),
    ]);
  });

  it('refuses by declared size: per file and in all', () => {
    const big = zipSync({ 'big.bin': new Uint8Array(11 * 1024 * 1024) });
    expect(errorsOf(unzipUpload('big.zip', big, limits()))).toContain(
      '“big.bin” is 11.0 MB; a file can be at most 10.0 MB.',
    );
    const many = zipSync({ 'a.bin': noise(600), 'b.bin': noise(600) });
    expect(errorsOf(unzipUpload('m.zip', many, limits({ maxTotalBytes: 1000 })))).toEqual([
      'The upload is 1.2 KB in all; the limit is 1000 bytes.',
    ]);
  });

  it('refuses too many entries before reading the directory', () => {
    const files: Zippable = {};
    for (let i = 0; i < 30; i++) files[`f${i}.txt`] = enc(String(i));
    expect(errorsOf(unzipUpload('n.zip', zipSync(files), limits({ maxFiles: 10 })))).toEqual([
      'The upload has 30 files; the limit is 10 at a time.',
    ]);
  });

  it('stops inflating an entry whose directory lies about its size', () => {
    const zip = zipSync({ 'liar.txt': new Uint8Array(2 * 1024 * 1024) }, { level: 9 });
    const [record] = centralRecords(zip);
    setU32(zip, record! + 24, 1000); // declared uncompressed size: 1,000 bytes
    expect(errorsOf(unzipUpload('liar.zip', zip, limits()))).toEqual([
      '“liar.zip”: “liar.txt” unpacks to more than the 1000 bytes its header declares: the zip is damaged or hostile.',
    ]);
  });

  it('stops a big lying entry while streaming it', () => {
    // Over 64 KB compressed, so it is inflated step by step, not in one shot.
    const content = new Uint8Array(3 * 1024 * 1024);
    content.set(noise(200_000));
    const zip = zipSync({ 'big-liar.bin': content }, { level: 9 });
    const [record] = centralRecords(zip);
    expect(new DataView(zip.buffer).getUint32(record! + 20, true)).toBeGreaterThan(64 * 1024);
    setU32(zip, record! + 24, 300_000);
    expect(errorsOf(unzipUpload('l.zip', zip, limits()))).toEqual([
      '“l.zip”: “big-liar.bin” unpacks to more than the 300000 bytes its header declares: the zip is damaged or hostile.',
    ]);
  });

  it('reports damaged zips: not a zip, bad checksum, truncated, unsupported', () => {
    expect(errorsOf(unzipUpload('x.zip', noise(500), limits()))).toEqual([
      '“x.zip”: it isn’t a readable zip file (no zip directory found).',
    ]);
    const stored = zipSync({ 'a.txt': enc('hello world') }, { level: 0 });
    const bad = stored.slice();
    const at = bad.indexOf(enc('h')[0]!, 30);
    bad[at] = bad[at]! ^ 1;
    expect(errorsOf(unzipUpload('c.zip', bad, limits()))[0]).toMatch(/“a\.txt” fails its checksum/);
    expect(
      errorsOf(unzipUpload('t.zip', stored.slice(0, stored.length - 30), limits()))[0],
    ).toMatch(/isn’t a readable zip file/);
    const method = stored.slice();
    new DataView(method.buffer).setUint16(centralRecords(method)[0]! + 10, 14, true);
    expect(errorsOf(unzipUpload('l.zip', method, limits()))[0]).toMatch(/compression method 14/);
    const encrypted = stored.slice();
    new DataView(encrypted.buffer).setUint16(centralRecords(encrypted)[0]! + 8, 1, true);
    expect(errorsOf(unzipUpload('e.zip', encrypted, limits()))[0]).toMatch(/encrypted/);
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(enc('123456789'))).toBe(0xcbf43926);
  });
});
