import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createEmbedEditsStore, editsKey } from '../../../../src/project/storage/embed-edits';
import type { Project } from '../../../../src/protocol';

const project = (text: string): Project => ({
  name: 'p',
  entry: 'main.ts',
  files: { 'main.ts': { kind: 'text', text } },
});

describe('embed edits storage', () => {
  it('keys by page origin, path and starting files', async () => {
    const key = await editsKey('https://docs.test', '/intro', project('1'));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await editsKey('https://docs.test', '/intro', project('1'))).toBe(key);
    expect(await editsKey('https://evil.test', '/intro', project('1'))).not.toBe(key);
    expect(await editsKey('https://docs.test', '/other', project('1'))).not.toBe(key);
    expect(await editsKey('https://docs.test', '/intro', project('2'))).not.toBe(key);
  });

  it('saves, loads and forgets one embed’s edits', async () => {
    const store = createEmbedEditsStore();
    const edits = { key: 'k1', files: { 'main.ts': 'edited' }, entry: 'main.ts', savedAt: 5 };
    await store.save(edits);
    expect(await store.load('k1')).toEqual(edits);
    expect(await store.load('k2')).toBeUndefined();
    await store.forget('k1');
    expect(await store.load('k1')).toBeUndefined();
  });

  it('opens again after a failed open', async () => {
    let attempts = 0;
    const store = createEmbedEditsStore(() => {
      attempts++;
      return Promise.reject(new Error('blocked'));
    });
    await expect(store.load('k')).rejects.toThrow('blocked');
    await expect(store.load('k')).rejects.toThrow('blocked');
    expect(attempts).toBe(2);
  });
});
