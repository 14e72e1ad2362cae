import { describe, expect, it } from 'vitest';
import { checkConnect, checkRequest } from '../../../src/protocol/embed-schema';
import { MAX_EMBED_FILES } from '../../../src/protocol/embed';

const connect = {
  type: 'playpen-embed:connect',
  version: 1,
  edits: { 'src/main.ts': 'console.log(2)' },
  settings: {
    files: { 'src/main.ts': 'console.log(1)' },
    view: 'preview',
    panes: ['preview', 'console'],
  },
};

describe('the embed checks what its host sends', () => {
  it('takes a valid connect as sent', () => {
    expect(checkConnect(connect)).toEqual({ ok: true, value: connect });
  });

  it('refuses a connect with an unknown option or a wrong value, saying which', () => {
    const unknown = checkConnect({ ...connect, settings: { ...connect.settings, evil: true } });
    expect(unknown.ok).toBe(false);
    expect(!unknown.ok && unknown.error).toContain('evil');
    const view = checkConnect({ ...connect, settings: { view: 'fullscreen' } });
    expect(!view.ok && view.error).toContain('view');
    const files = checkConnect({ ...connect, settings: { files: { 'a.ts': 42 } } });
    expect(!files.ok && files.error).toContain('files');
    const many = Object.fromEntries(
      Array.from({ length: MAX_EMBED_FILES + 1 }, (_, i) => [`f${i}.ts`, '']),
    );
    expect(checkConnect({ ...connect, settings: { files: many } }).ok).toBe(false);
  });

  it('answers a call by its id, and a message that is no call without one', () => {
    expect(checkRequest({ type: 'call', id: 3, method: 'seek', tick: 4 })).toEqual({
      id: 3,
      call: { ok: true, value: { method: 'seek', tick: 4 } },
    });
    expect(checkRequest('hello')).toEqual({
      id: null,
      call: { ok: false, error: 'A message to the embed must be an object.' },
    });
    expect(checkRequest({ type: 'call', method: 'run' }).id).toBeNull();
    expect(checkRequest({ type: 'cal', id: 1, method: 'run' }).call).toEqual({
      ok: false,
      error: 'Unknown message type "cal".',
    });
    expect(checkRequest({ type: 'call', id: 2, method: 'eval', code: 'x' })).toEqual({
      id: 2,
      call: { ok: false, error: 'Unknown method "eval".' },
    });
  });

  it('refuses bad arguments, and arguments a method does not take', () => {
    const negative = checkRequest({ type: 'call', id: 1, method: 'seek', tick: -1 });
    expect(negative.id).toBe(1);
    expect(!negative.call.ok && negative.call.error).toMatch(/^Invalid arguments to seek\(\): /);
    expect(checkRequest({ type: 'call', id: 1, method: 'seek', tick: 1.5 }).call.ok).toBe(false);
    expect(checkRequest({ type: 'call', id: 1, method: 'run', extra: 1 }).call.ok).toBe(false);
    expect(
      checkRequest({ type: 'call', id: 1, method: 'updateFile', path: 'a.ts', text: null }).call.ok,
    ).toBe(false);
    expect(checkRequest({ type: 'call', id: 1.5, method: 'run' }).id).toBeNull();
  });
});
