import { describe, expect, it } from 'vitest';
import { createPackageTypes } from '../../../src/editor/package-types/package-types-client';
import type {
  PackageTypesApi,
  PackageTypesRequest,
  PackageTypesResult,
  TypeFile,
} from '../../../src/protocol/package-types';
import type { ProjectFile } from '../../../src/protocol';

const text = (t: string): ProjectFile => ({ kind: 'text', text: t });

/** A worker whose answers the test gives, one per request, in any order. */
function fakeWorker() {
  const requests: PackageTypesRequest[] = [];
  const answers: ((result: PackageTypesResult) => void)[] = [];
  const api: PackageTypesApi = {
    acquire: (request) =>
      new Promise((resolve) => {
        requests.push(request);
        answers.push(resolve);
      }),
    cancel: async () => {},
  };
  let started = 0;
  const worker = new EventTarget() as Worker;
  worker.terminate = () => {};
  const client = createPackageTypes({
    createWorker: () => (started++, worker),
    connect: () => api,
    getBase: () => 'http://types.test/',
  });
  return { client, requests, answers, started: () => started, worker };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createPackageTypes', () => {
  it('starts no worker for a project without package imports', () => {
    const { client, started } = fakeWorker();
    client.update({ 'src/a.ts': text("import { b } from './b';") });
    expect(started()).toBe(0);
  });

  it('shows progress, hands over the files, and asks again when the version changes', async () => {
    const { client, requests, answers } = fakeWorker();
    const received: TypeFile[][] = [];
    client.onFiles((files) => received.push(files));
    const files = { 'src/a.ts': text("import { zip } from 'fflate';") };
    client.update(files);
    expect(requests).toEqual([
      { name: 'fflate', subpaths: [''], base: 'http://types.test/', dependencies: {} },
    ]);
    expect(client.status.getState().fetching).toEqual(['fflate']);
    client.update({ ...files }); // unchanged imports: not asked again
    expect(requests).toHaveLength(1);

    const file = { path: 'fflate/index.d.ts', text: 'export {}' };
    answers[0]!({ ok: true, name: 'fflate', source: 'fflate', version: '0.8.3', files: [file] });
    await settled();
    expect(received).toEqual([[file]]);
    expect(client.status.getState()).toEqual({ fetching: [], failed: {}, typed: ['fflate'] });

    client.update({ ...files, 'package.json': text('{"dependencies":{"fflate":"0.7.0"}}') });
    expect(requests[1]).toMatchObject({ name: 'fflate', dependencies: { fflate: '0.7.0' } });
  });

  it('keeps a failure message until the import goes, and ignores an answer asked over', async () => {
    const { client, requests, answers } = fakeWorker();
    client.update({ 'src/a.ts': text("import ms from 'ms';") });
    client.update({
      'src/a.ts': text("import ms from 'ms';"),
      'package.json': text('{"dependencies":{"ms":"2"}}'),
    });
    expect(requests).toHaveLength(2);
    answers[1]!({ ok: false, name: 'ms', message: 'ms has no types.' });
    answers[0]!({ ok: true, name: 'ms', source: '@types/ms', version: '0.7.0', files: [] });
    await settled();
    expect(client.status.getState()).toEqual({
      fetching: [],
      failed: { ms: 'ms has no types.' },
      typed: [],
    });
    client.update({ 'src/a.ts': text('export {};') });
    expect(client.status.getState().failed).toEqual({});
  });

  it('names what was being fetched when the worker dies, and asks again at the next edit', () => {
    const { client, requests, worker, started } = fakeWorker();
    const files = { 'src/a.ts': text("import { zip } from 'fflate';") };
    client.update(files);
    worker.dispatchEvent(new Event('error'));
    expect(client.status.getState()).toMatchObject({
      fetching: [],
      failed: { fflate: expect.stringContaining('The types worker stopped') },
    });
    client.update({ ...files });
    expect(requests).toHaveLength(2);
    expect(started()).toBe(2);
  });

  it("drops a package's types once no file imports it, and ignores its answer on the way", async () => {
    const { client, requests, answers } = fakeWorker();
    const received: [string, TypeFile[]][] = [];
    client.onFiles((files, name) => received.push([name, files]));
    client.update({
      'src/a.ts': text("import { zip } from 'fflate';"),
      'src/b.ts': text("import ms from 'ms';"),
    });
    const file = { path: 'fflate/index.d.ts', text: 'export {}' };
    answers[0]!({ ok: true, name: 'fflate', source: 'fflate', version: '0.8.3', files: [file] });
    await settled();
    expect(client.status.getState()).toEqual({ fetching: ['ms'], failed: {}, typed: ['fflate'] });

    // Both imports gone: fflate's files go, ms is no longer fetched, its late answer is dropped.
    client.update({ 'src/a.ts': text('export {};'), 'src/b.ts': text('export {};') });
    expect(client.status.getState()).toEqual({ fetching: [], failed: {}, typed: [] });
    answers[1]!({ ok: true, name: 'ms', source: '@types/ms', version: '0.7.0', files: [file] });
    await settled();
    expect(received).toEqual([
      ['fflate', [file]],
      ['fflate', []],
      ['ms', []],
    ]);
    expect(client.status.getState().typed).toEqual([]);

    client.update({ 'src/a.ts': text("import { zip } from 'fflate';") });
    expect(requests.at(-1)).toMatchObject({ name: 'fflate' });
  });
});
