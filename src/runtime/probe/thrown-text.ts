/**
 * The text of something thrown while a logpoint read a value (a ReferenceError from a slot in
 * its temporal dead zone, a native getter's TypeError), read without running the program's
 * code: name and message by descriptor, never `toString` or the stack.
 */
import { isError } from '../error-info.ts';
import { bigintText, StringCtor } from '../intrinsics.ts';
import { constructorName, safeGet, symbolText } from '../safe-reflect.ts';

export function thrownText(thrown: unknown): string {
  if (isError(thrown)) {
    const rawName = safeGet(thrown, 'name');
    const name =
      typeof rawName === 'string' && rawName ? rawName : (constructorName(thrown) ?? 'Error');
    const message = safeGet(thrown, 'message');
    return typeof message === 'string' && message ? `${name}: ${message}` : name;
  }
  switch (typeof thrown) {
    case 'string':
      return thrown;
    case 'symbol':
      return symbolText(thrown);
    case 'bigint':
      return bigintText(thrown);
    case 'object':
      if (thrown === null) return 'null';
      return `${constructorName(thrown) ?? 'Object'} {…}`;
    case 'function':
      return 'a function';
    default:
      return StringCtor(thrown);
  }
}
