import { fileTypeOf, isBinaryPath, type EditorLanguage } from '../project/model/file-types';
/** Prettier's plugins the app ships (each loaded on first use, in the format worker). */
export type PrettierPluginName =
  'babel' | 'estree' | 'typescript' | 'postcss' | 'html' | 'markdown' | 'svelte';

/** How Prettier formats one kind of file. */
export interface PrettierParser {
  /** Prettier's `parser` option. */
  parser: string;
  /** The plugins that parser and the languages embedded in such files need. */
  plugins: PrettierPluginName[];
}

const SCRIPT: PrettierPluginName[] = ['babel', 'estree'];
/** By the file's editor language (the file-type registry), so a new extension is formatted as it is coloured. */
const BY_LANGUAGE: Readonly<Partial<Record<EditorLanguage, PrettierParser>>> = {
  typescript: { parser: 'typescript', plugins: ['typescript', 'estree'] },
  javascript: { parser: 'babel', plugins: SCRIPT },
  json: { parser: 'json', plugins: SCRIPT },
  css: { parser: 'css', plugins: ['postcss'] },
  // Inline <script> and <style> are formatted too, with their own parsers.
  html: { parser: 'html', plugins: ['html', 'postcss', ...SCRIPT] },
  markdown: { parser: 'markdown', plugins: ['markdown'] },
  // Prettier's own Vue parser (in its HTML plugin): scripts in TS or JS, styles, expressions.
  vue: { parser: 'vue', plugins: ['html', 'postcss', 'typescript', ...SCRIPT] },
  // prettier-plugin-svelte (its browser build), with Prettier's parsers for what it embeds.
  svelte: { parser: 'svelte', plugins: ['svelte', 'postcss', 'typescript', ...SCRIPT] },
};

/** Prettier's parser for a project path, or null for files Prettier does not format here. */
export function prettierParserFor(path: string): PrettierParser | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (/^(package-lock\.json)$/i.test(name)) return null;
  if (name === '.prettierrc') return BY_LANGUAGE.json!;
  // SVG is coloured as XML but kept as an image; Prettier has no XML parser here.
  if (isBinaryPath(path)) return null;
  const language = fileTypeOf(path).language;
  return (language && BY_LANGUAGE[language]) ?? null;
}
