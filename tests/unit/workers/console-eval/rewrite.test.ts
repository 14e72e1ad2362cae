import { afterAll, describe, expect, it } from 'vitest';
import { rewriteConsoleInput } from '../../../../workers/console-eval/rewrite';
import { createConsoleEval } from '../../../../src/runtime/console-eval';
import { createLoopGuard } from '../../../../src/runtime/loop-guard';
import type { ConsoleEntry } from '../../../../src/runtime/outbox';
import { CONSOLE_LOOP_GUARD, type SerializedValue } from '../../../../src/protocol';

// The runtime's evaluator over the rewrite, as in the preview: indirect eval in the global scope.
// A clock that moves 10 ms per read stands in for a slow loop: the budget runs out quickly.
let clock = 0;
const guard = createLoopGuard({ now: () => (clock += 10), queueMicrotask, budgetMs: 100 });
const entries: ConsoleEntry[] = [];
const consoleEval = createConsoleEval({
  evaluate: (code) => (0, eval)(code) as unknown,
  FunctionCtor: Function,
  emit: (entry) => entries.push(entry),
  loopCheck: guard.check,
  global: globalThis,
  scope: Object.create(null) as object,
});

/** Evaluates a line as the console does; resolves the entries it shows (after an await, later). */
async function line(source: string): Promise<SerializedValue[]> {
  const prepared = rewriteConsoleInput(source);
  expect(prepared, `${source} parses`).not.toBeNull();
  guard.resetLoopBudget();
  const from = entries.length;
  consoleEval(source, prepared!);
  if (prepared!.awaits) {
    await expect.poll(() => entries.length - from, { timeout: 2000 }).toBeGreaterThan(1);
  }
  const shown = entries.slice(from);
  expect(shown[0]).toEqual({ level: 'command', args: [{ t: 'string', v: source }] });
  return shown.slice(1).map((e) => (e.level === 'error' ? e.args[1]! : e.args[0]!));
}
const value = async (source: string) => (await line(source))[0];
const num = (v: number) => ({ t: 'number', v });

const made = ['rwA', 'rwB', 'rwC', 'rwX', 'rwY', 'rwZ', 'RwK', 'rwF', 'rwI', 'rwT', 'rwS'];
afterAll(() => {
  for (const name of made) delete (globalThis as Record<string, unknown>)[name];
});

describe('a console line, rewritten and evaluated', () => {
  it('let and const outlive the line, and may be declared again by a later line', async () => {
    expect(await value('let rwA = 1')).toEqual({ t: 'undefined' });
    expect(await value('rwA + 1')).toEqual(num(2));
    await value('let rwA = 10');
    expect(await value('rwA + 1')).toEqual(num(11));
    await value('const {rwB, c: [rwC]} = {rwB: 2, c: [3]}');
    expect(await value('rwB * rwC')).toEqual(num(6));
    await value('const rwB = 5');
    expect(await value('rwB')).toEqual(num(5));
  });

  it('a class outlives the line; a block keeps its own let', async () => {
    await value('class RwK { get v() { return 7 } }');
    expect(await value('new RwK().v')).toEqual(num(7));
    await value('{ let rwInner = 1 }');
    expect(await value('typeof rwInner')).toEqual({ t: 'string', v: 'undefined' });
  });

  it("let, const and class are the console's, not the global object's; var and functions are global", async () => {
    const global = globalThis as Record<string, unknown>;
    // A writable global (as window.name) and a read-only one (as window.top).
    global.rwName = '';
    Object.defineProperty(globalThis, 'rwTop', { value: 'the top', configurable: true });
    made.push('rwName', 'rwTop', 'rwV', 'rwG');
    await value("let rwName = 'x'");
    expect(await value('rwName')).toEqual({ t: 'string', v: 'x' });
    expect(await value('globalThis.rwName')).toEqual({ t: 'string', v: '' });
    await value('const rwTop = 1; class RwQ {}');
    expect(await value('rwTop + 1')).toEqual(num(2));
    expect(global.rwTop).toBe('the top');
    expect('RwQ' in global || 'rwA' in global).toBe(false);
    // Assigning later changes the console's binding, also from inside a function.
    await value("function rwG() { rwName = 'y' }; var rwV = 1; rwG()");
    expect(await value('rwName')).toEqual({ t: 'string', v: 'y' });
    expect(global.rwName).toBe('');
    expect(typeof global.rwG).toBe('function');
    expect(global.rwV).toBe(1);
    // The same with a top-level await.
    await value("let rwName = await 'z'");
    expect(await value('rwName')).toEqual({ t: 'string', v: 'z' });
    expect(global.rwName).toBe('');
  });

  it('an expression line: a leading brace is an object, and a trailing comment is fine', async () => {
    expect(await value('{rwObj: 1}')).toMatchObject({
      t: 'object',
      entries: [['rwObj', num(1)]],
    });
    expect(await value('1 + 1 // two')).toEqual(num(2));
    expect(await value('rwX = 5; rwX * 2')).toEqual(num(10));
  });

  it('top-level await: the value once settled, and its declarations outlive the line', async () => {
    expect(await value('await new Promise((r) => setTimeout(() => r(42), 5))')).toEqual(num(42));
    expect(await value('let rwY = await Promise.resolve(3); rwY * 2')).toEqual(num(6));
    expect(await value('rwY')).toEqual(num(3));
    await value('const [rwZ] = [await 4]; function rwF() { return rwZ + 1 }');
    expect(await value('rwF()')).toEqual(num(5));
    expect(await value('await Promise.reject(new Error("no"))')).toMatchObject({ t: 'error' });
    expect(entries.at(-1)!.level).toBe('error');
  });

  it('an await inside a function is not top-level: the function is shown, not awaited', async () => {
    const prepared = rewriteConsoleInput('async () => await 1');
    expect(prepared?.awaits).toBe(false);
    expect(rewriteConsoleInput('for await (const x of []) {}')?.awaits).toBe(true);
  });

  it('an endless loop is stopped by the guard, with and without braces, also in a function', async () => {
    const stopped = { t: 'error', name: 'Error', message: 'Possible infinite loop at console:1' };
    expect(await value('while (true) {}')).toMatchObject(stopped);
    expect(await value('let rwI = 0; for (;;) rwI++')).toMatchObject(stopped);
    await value('function rwT() {\n  do {} while (true)\n}');
    expect(await value('rwT()')).toMatchObject({ message: 'Possible infinite loop at console:2' });
    expect(await value('await 0; while (true) {}')).toMatchObject(stopped);
    // A loop that ends is untouched in what it computes.
    expect(await value('let rwS = 0; for (let i = 0; i < 5000; i++) rwS += i; rwS')).toEqual(
      num(12497500),
    );
    expect(typeof (globalThis as Record<string, unknown>)[CONSOLE_LOOP_GUARD]).toBe('function');
  });

  it('a line that does not parse is not rewritten (the engine says what is wrong)', () => {
    expect(rewriteConsoleInput('let = ;')).toBeNull();
    expect(rewriteConsoleInput('a) + (b')).not.toMatchObject({ code: '(a) + (b\n)' });
  });
});
