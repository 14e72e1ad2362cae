import picomatch from 'picomatch/posix';
import type { PrettierConfigFile } from '../../src/format/format-types';

/** Options a project's config may set; the app picks the parser and loads the plugins. */
export type ConfigOptions = Record<string, unknown>;

interface Override {
  files: string | string[];
  excludeFiles?: string | string[];
  options?: ConfigOptions;
}

/** Options that name code to load or files to read: never taken from a project's config. */
const IGNORED = new Set(['plugins', 'parser', 'filepath', '$schema']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const clean = (options: Record<string, unknown>): ConfigOptions =>
  Object.fromEntries(Object.entries(options).filter(([key]) => !IGNORED.has(key)));

/**
 * The options a config file gives one path: its top-level options, then every override whose
 * `files` glob matches (as Prettier applies them). Throws an Error with a user-facing message
 * when the file cannot be read as a config.
 */
export async function readConfig(
  config: PrettierConfigFile,
  path: string,
  parseYaml: (text: string) => Promise<unknown>,
): Promise<ConfigOptions> {
  let value: unknown;
  try {
    if (config.path === 'package.json')
      value = (JSON.parse(config.text) as Record<string, unknown>).prettier;
    else if (config.path.endsWith('.json')) value = JSON.parse(config.text);
    // `.prettierrc` may be JSON or YAML; YAML reads both.
    else value = await parseYaml(config.text);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`${config.path} could not be read (${detail})`, { cause: error });
  }
  if (value === null || value === undefined) return {};
  if (!isObject(value)) throw new Error(`${config.path} must hold an object of options`);
  const { overrides, ...top } = value;
  const options = clean(top);
  if (overrides === undefined) return options;
  if (!Array.isArray(overrides)) throw new Error(`${config.path}: "overrides" must be a list`);
  for (const entry of overrides as unknown[]) {
    if (!isObject(entry) || entry.files === undefined) continue;
    const { files, excludeFiles, options: extra } = entry as unknown as Override;
    // Patterns without a slash match the file's name in any folder, as in Prettier.
    const matches = (patterns: string | string[] | undefined) =>
      patterns !== undefined && picomatch(patterns, { dot: true, matchBase: true })(path);
    if (matches(files) && !matches(excludeFiles) && isObject(extra))
      Object.assign(options, clean(extra));
  }
  return options;
}
