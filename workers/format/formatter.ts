import type { Options, Plugin } from 'prettier';
import type { FormatApi, FormatRequest, FormatResult } from '../../src/format/format-types';
import { prettierParserFor, type PrettierPluginName } from '../../src/format/parsers';
import { readConfig } from './read-config';

export interface FormatterDeps {
  /** Prettier's standalone build (loaded on first use). */
  loadPrettier(): Promise<{
    formatWithCursor(
      text: string,
      options: Options & { cursorOffset: number },
    ): Promise<{ formatted: string; cursorOffset: number }>;
  }>;
  /** One of Prettier's plugins (each loaded on first use). */
  loadPlugin(name: PrettierPluginName): Promise<Plugin>;
  /** A YAML parser, for `.prettierrc` files written in YAML. */
  parseYaml(text: string): Promise<unknown>;
}

/** Prettier's "Unexpected token (3:5)": the position is in the message's first line. */
const POSITION = /\s*\((\d+):(\d+)\)\s*$/;

function syntaxError(path: string, error: unknown): FormatResult {
  const first = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
  const found = POSITION.exec(first);
  const line = found ? Number(found[1]) : undefined;
  const column = found ? Number(found[2]) : undefined;
  // TypeScript's reasons end with a full stop ("'}' expected."), Babel's do not.
  const reason = (found ? first.slice(0, found.index) : first).replace(/\.$/, '');
  const where = line !== undefined ? ` at line ${line}, column ${column}` : '';
  return {
    ok: false,
    error: `${path} was not formatted: syntax error${where}: ${reason}. Fix it and format again.`,
    ...(line !== undefined ? { line, column } : {}),
  };
}

/** Formats one file with Prettier: the format worker's API, with its loaders injected. */
export function createFormatter(deps: FormatterDeps): FormatApi {
  const plugins = new Map<PrettierPluginName, Promise<Plugin>>();
  const plugin = (name: PrettierPluginName) => {
    let loading = plugins.get(name);
    if (!loading) {
      loading = deps.loadPlugin(name);
      plugins.set(name, loading);
      // A failed load (offline, a deploy replaced the chunk) is tried again next time.
      loading.catch(() => plugins.delete(name));
    }
    return loading;
  };

  return {
    async format({ path, text, config, tabWidth, offsets }: FormatRequest): Promise<FormatResult> {
      const kind = prettierParserFor(path);
      if (!kind)
        return { ok: false, error: `${path}: Prettier does not format this kind of file.` };
      let options: Record<string, unknown> = {};
      if (config) {
        try {
          options = await readConfig(config, path, deps.parseYaml);
        } catch (error) {
          const detail = error instanceof Error ? error.message : String(error);
          return { ok: false, error: `${path} was not formatted: ${detail}.` };
        }
      }
      const [prettier, loaded] = await Promise.all([
        deps.loadPrettier(),
        Promise.all(kind.plugins.map(plugin)),
      ]);
      try {
        const run = (cursorOffset: number) =>
          prettier.formatWithCursor(text, {
            ...(tabWidth !== undefined ? { tabWidth } : {}),
            ...options,
            parser: kind.parser,
            plugins: loaded,
            filepath: path,
            cursorOffset,
          });
        // Prettier follows one cursor per pass: a selection's other end costs a second pass.
        const first = await run(offsets?.[0] ?? -1);
        if (!offsets) return { ok: true, text: first.formatted };
        const mapped = [first.cursorOffset];
        for (const offset of offsets.slice(1))
          mapped.push(
            offset === offsets[0] ? first.cursorOffset : (await run(offset)).cursorOffset,
          );
        return { ok: true, text: first.formatted, offsets: mapped };
      } catch (error) {
        // Prettier reports a bad option by name (e.g. "Invalid printWidth value").
        if (error instanceof Error && /^Invalid .* value/i.test(error.message))
          return {
            ok: false,
            error: `${path} was not formatted: ${config?.path ?? 'the config'}: ${error.message.split('\n')[0]}`,
          };
        return syntaxError(path, error);
      }
    },
  };
}
