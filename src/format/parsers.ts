/** Prettier's plugins the app ships (each loaded on first use, in the format worker). */
export type PrettierPluginName =
  'babel' | 'estree' | 'typescript' | 'postcss' | 'html' | 'markdown';

/** How Prettier formats one kind of file. */
export interface PrettierParser {
  /** Prettier's `parser` option. */
  parser: string;
  /** The plugins that parser and the languages embedded in such files need. */
  plugins: PrettierPluginName[];
}

const SCRIPT: PrettierPluginName[] = ['babel', 'estree'];
const BY_EXTENSION: Readonly<Record<string, PrettierParser>> = {
  ts: { parser: 'typescript', plugins: ['typescript', 'estree'] },
  tsx: { parser: 'typescript', plugins: ['typescript', 'estree'] },
  mts: { parser: 'typescript', plugins: ['typescript', 'estree'] },
  cts: { parser: 'typescript', plugins: ['typescript', 'estree'] },
  js: { parser: 'babel', plugins: SCRIPT },
  jsx: { parser: 'babel', plugins: SCRIPT },
  mjs: { parser: 'babel', plugins: SCRIPT },
  cjs: { parser: 'babel', plugins: SCRIPT },
  json: { parser: 'json', plugins: SCRIPT },
  css: { parser: 'css', plugins: ['postcss'] },
  // Inline <script> and <style> are formatted too, with their own parsers.
  html: { parser: 'html', plugins: ['html', 'postcss', ...SCRIPT] },
  md: { parser: 'markdown', plugins: ['markdown'] },
  markdown: { parser: 'markdown', plugins: ['markdown'] },
};

/** Prettier's parser for a project path, or null for files Prettier does not format here. */
export function prettierParserFor(path: string): PrettierParser | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (/^(package-lock\.json)$/i.test(name)) return null;
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return name === '.prettierrc' ? BY_EXTENSION.json! : null;
  const ext = name.slice(dot + 1).toLowerCase();
  return Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext]! : null;
}
