/** Upload limits and their messages, shared by the file, folder and zip readers. */

export interface ImportLimits {
  /** All files together, unpacked. */
  maxTotalBytes: number;
  /** Files in one upload (after skipping folders and OS clutter). */
  maxFiles: number;
  /** One file, unpacked. */
  maxFileBytes: number;
  /** Largest unpacked:packed ratio allowed for big zip entries (zip bombs pack ~1000:1). */
  maxRatio: number;
  /** Entries smaller than this may compress as well as they like. */
  ratioMinBytes: number;
}

const MB = 1024 * 1024;

export const DEFAULT_LIMITS: ImportLimits = {
  maxTotalBytes: 50 * MB,
  maxFiles: 2000,
  maxFileBytes: 10 * MB,
  maxRatio: 100,
  ratioMinBytes: 1 * MB,
};

const count = new Intl.NumberFormat('en-US');

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < MB) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * MB) return `${(n / MB).toFixed(1)} MB`;
  return `${(n / (1024 * MB)).toFixed(1)} GB`;
}

export const q = (s: string) => `“${s.length > 60 ? s.slice(0, 57) + '…' : s}”`;

export const messages = {
  tooManyFiles: (n: number, l: ImportLimits) =>
    `The upload has ${count.format(n)} files; the limit is ${count.format(l.maxFiles)} at a time.`,
  fileTooBig: (name: string, size: number, l: ImportLimits) =>
    `${q(name)} is ${formatBytes(size)}; a file can be at most ${formatBytes(l.maxFileBytes)}.`,
  totalTooBig: (size: number, l: ImportLimits) =>
    `The upload is ${formatBytes(size)} in all; the limit is ${formatBytes(l.maxTotalBytes)}.`,
  zipBomb: (zip: string, name: string, ratio: number, l: ImportLimits) =>
    `${q(zip)}: ${q(name)} is compressed ${count.format(Math.round(ratio))}:1, which is how zip bombs look (the limit is ${l.maxRatio}:1 for files over ${formatBytes(l.ratioMinBytes)}).`,
  empty: () => 'The upload holds no files.',
};

/** Skipped without a word: OS clutter and folders nobody means to upload into a project. */
export function isClutter(path: string): boolean {
  const parts = path.split(/[\\/]/);
  const base = parts[parts.length - 1] ?? '';
  return (
    parts.some((p) => p === '__MACOSX' || p === 'node_modules' || p === '.git') ||
    base === '.DS_Store' ||
    base === 'Thumbs.db' ||
    base === 'desktop.ini'
  );
}
