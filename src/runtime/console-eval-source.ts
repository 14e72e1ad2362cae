/**
 * What a line typed into the console runs as, the way browser devtools treat it: as an
 * expression when it parses as one (so `{a: 1}` is an object, not a block holding a label),
 * otherwise as statements, whose completion value indirect eval returns (`x = 5; x * 2` → 10).
 * Pure: the parse check is passed in (in the preview, the Function constructor captured early).
 */

/** A declaration in parentheses would become an expression and define nothing. */
const DECLARATION = /^\s*(?:async\s+function\b|function\b|class\b)/;

/**
 * The code to evaluate for `source`. The newline before the closing parenthesis keeps a
 * trailing `// comment` from swallowing it.
 */
export function evalSource(source: string, parses: (code: string) => boolean): string {
  if (DECLARATION.test(source)) return source;
  const expression = `(${source}\n)`;
  return parses(expression) ? expression : source;
}

/** Whether `code` parses as an expression, checked by compiling (never running) a function. */
export function expressionParser(FunctionCtor: FunctionConstructor): (code: string) => boolean {
  return (code) => {
    try {
      // The body is only compiled: nothing of `code` runs here.
      FunctionCtor(`return ${code}`);
      return true;
    } catch {
      return false;
    }
  };
}
