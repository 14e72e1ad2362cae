import { describe, expect, it } from 'vitest';
import {
  programFromReply,
  programReply,
  type Program,
  type ProgramModule,
} from '../../../src/protocol';

const js = (code: string): ProgramModule => ({
  kind: 'js',
  code: `(function (require, module, exports) { ${code} })`,
  url: 'playpen:///x',
  map: '{}',
  deps: {},
});

const program = (modules: Record<string, ProgramModule>): Program => ({
  entry: 'src/main.ts',
  modules,
  vendor: ['react'],
  cdn: [],
  html: '<div id="root"></div>',
});

describe('program replies', () => {
  it('carry every module the first time, then only those that are not the same object', () => {
    const main = js('require("./a")');
    const a = js('exports.a = 1');
    const first = programReply(program({ 'src/main.ts': main, 'src/a.ts': a }), new Map());
    expect(Object.keys(first.reply.modules)).toEqual(['src/main.ts', 'src/a.ts']);

    const a2 = js('exports.a = 2');
    const next = program({ 'src/main.ts': main, 'src/a.ts': a2, 'logo.svg': js('') });
    const second = programReply(next, first.sent);
    expect(second.reply.paths).toEqual(['src/main.ts', 'src/a.ts', 'logo.svg']);
    expect(Object.keys(second.reply.modules)).toEqual(['src/a.ts', 'logo.svg']);

    // The receiver, replaying the same two replies, gets the sender's programs back.
    const r1 = programFromReply(structuredClone(first.reply), new Map());
    const r2 = programFromReply(structuredClone(second.reply), r1.received);
    expect(r2.program).toEqual(next);
    expect(JSON.stringify(r2.program)).toBe(JSON.stringify(next));
    // Unchanged modules are the receiver's own objects from the last reply, not copies.
    expect(r2.program.modules['src/main.ts']).toBe(r1.program.modules['src/main.ts']);
  });

  it('drop modules the program no longer has', () => {
    const main = js('');
    const first = programReply(program({ 'src/main.ts': main, 'src/old.ts': js('') }), new Map());
    const second = programReply(program({ 'src/main.ts': main }), first.sent);
    const r1 = programFromReply(first.reply, new Map());
    const r2 = programFromReply(second.reply, r1.received);
    expect(Object.keys(r2.program.modules)).toEqual(['src/main.ts']);
    expect([...r2.received.keys()]).toEqual(['src/main.ts']);
  });

  it('keep a module whose path is __proto__ as a module', () => {
    const modules = Object.fromEntries([['__proto__', js('exports.p = 1')]]);
    const { reply } = programReply(program(modules), new Map());
    const { program: read } = programFromReply(structuredClone(reply), new Map());
    expect(Object.keys(read.modules)).toEqual(['__proto__']);
    expect(Object.hasOwn(read.modules, '__proto__')).toBe(true);
  });

  it('refuse a reply that names a module never sent', () => {
    const main = js('');
    const first = programReply(program({ 'src/main.ts': main }), new Map());
    const second = programReply(program({ 'src/main.ts': main }), first.sent);
    expect(() => programFromReply(second.reply, new Map())).toThrow(
      'the bundler named module src/main.ts, which it never sent',
    );
  });
});
