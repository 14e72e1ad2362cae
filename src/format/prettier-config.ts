import type { ProjectFile } from '../protocol';
import type { PrettierConfigFile } from './format-types';

/** Where Prettier looks, in its order; the first one present configures the project. */
const CONFIG_FILES = [
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.yaml',
  '.prettierrc.yml',
  '.prettierrc.json5',
  'package.json',
] as const;

/**
 * The project's Prettier config file at its root, if any: a `package.json` counts only when
 * it has a "prettier" key (as for Prettier). Config in JS files (`prettier.config.js`) is not
 * read: running project code in the app is what the preview is for.
 */
export function findPrettierConfig(
  files: Readonly<Record<string, ProjectFile>>,
): PrettierConfigFile | null {
  for (const path of CONFIG_FILES) {
    const file = Object.hasOwn(files, path) ? files[path] : undefined;
    if (file?.kind !== 'text') continue;
    if (path === 'package.json' && !/"prettier"\s*:/.test(file.text)) continue;
    return { path, text: file.text };
  }
  return null;
}
