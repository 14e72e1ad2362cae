import { describe, expect, it } from 'vitest';
import { createLoopGuard } from '../../../src/runtime/loop-guard';
import { createConsoleEval } from '../../../src/runtime/console-eval.ts';
import { evalSource, expressionParser } from '../../../src/runtime/console-eval-source.ts';
import type { ConsoleEntry } from '../../../src/runtime/outbox.ts';

const parses = expressionParser(Function);

describe('what a console line evaluates as', () => {
  it('an expression is wrapped in parentheses, so a leading brace is an object', () => {
    expect(evalSource('1 + 1', parses)).toBe('(1 + 1\n)');
    expect(evalSource('{a: 1}', parses)).toBe('({a: 1}\n)');
    // A trailing comment does not swallow the closing parenthesis.
    expect(evalSource('2 // two', parses)).toBe('(2 // two\n)');
  });

  it('statements and declarations are evaluated as written', () => {
    for (const source of [
      'globalThis.x = 5; x * 2',
      'let y = 1',
      'if (true) 3',
      '{ const z = 1; z }',
      'function f() {}',
      'async function g() {}',
      'class A {}',
    ])
      expect(evalSource(source, parses)).toBe(source);
  });

  it('the parse check never runs the code', () => {
    let ran = false;
    (globalThis as { mark?: () => void }).mark = () => (ran = true);
    expect(parses('(mark())')).toBe(true);
    expect(ran).toBe(false);
    delete (globalThis as { mark?: unknown }).mark;
  });
});

describe('console evaluation', () => {
  const run = (source: string) => {
    const entries: ConsoleEntry[] = [];
    const evaluate = (code: string): unknown => (0, eval)(code);
    createConsoleEval({
      evaluate,
      FunctionCtor: Function,
      emit: (e) => entries.push(e),
      loopCheck: createLoopGuard({ now: () => 0, queueMicrotask }).check,
      global: globalThis,
      scope: Object.create(null) as object,
    })(source);
    return entries;
  };

  it('echoes the line, then its value in the global scope', () => {
    expect(run('1 + 1')).toEqual([
      { level: 'command', args: [{ t: 'string', v: '1 + 1' }] },
      { level: 'result', args: [{ t: 'number', v: 2 }] },
    ]);
    run('globalThis.consoleEvalX = 5');
    expect(run('consoleEvalX * 2')[1]).toEqual({ level: 'result', args: [{ t: 'number', v: 10 }] });
    expect(run('({a: 1})')[1]!.args[0]).toMatchObject({
      t: 'object',
      entries: [['a', { t: 'number', v: 1 }]],
    });
    delete (globalThis as { consoleEvalX?: unknown }).consoleEvalX;
  });

  it('a thrown error is shown as an uncaught error, not as a result', () => {
    const [, shown] = run('notDefinedAnywhere + 1');
    expect(shown!.level).toBe('error');
    expect(shown!.args[0]).toEqual({ t: 'string', v: 'Uncaught' });
    expect(shown!.args[1]).toMatchObject({
      t: 'error',
      name: 'ReferenceError',
      message: 'notDefinedAnywhere is not defined',
    });
  });

  it('a syntax error is reported the same way', () => {
    const [, shown] = run('1 +');
    expect(shown!.args[1]).toMatchObject({ t: 'error', name: 'SyntaxError' });
  });
});
