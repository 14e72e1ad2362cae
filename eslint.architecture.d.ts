import type { Linter } from 'eslint';

/** A part of the map: its files, and the parts it may import besides itself. */
export interface Part {
  /** The part's folder (or file), from the repository's root. */
  files: string;
  /** The parts its files may import. */
  may: string[];
}

export declare const PARTS: Record<string, Part>;
declare const config: Linter.Config[];
export default config;
