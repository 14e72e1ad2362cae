/**
 * A learner's edits in a `persist` embed: a database of its own (never the user's projects),
 * one record per embed, keyed by a SHA-256 of the host page's origin and path and the files the
 * embed started with. Another page, or the same page with other starting files, finds nothing;
 * browsers that partition storage by top-level site (Chromium, Firefox, Safari) also keep one
 * site's embeds apart from another's.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Project } from '../../protocol';

export const EMBED_EDITS_DB = 'playpen-embed-edits';

/** One embed's kept edits. */
export interface EmbedEdits {
  key: string;
  /** The project's text files as the learner left them. */
  files: Record<string, string>;
  /** The file evaluated first. */
  entry: string;
  /** When they were kept (ms since epoch). */
  savedAt: number;
}

interface Schema extends DBSchema {
  edits: { key: string; value: EmbedEdits };
}

export interface EmbedEditsStore {
  load(key: string): Promise<EmbedEdits | undefined>;
  save(edits: EmbedEdits): Promise<void>;
  forget(key: string): Promise<void>;
}

/** The edits' key: whose page, and which starting files (in path order). */
export async function editsKey(origin: string, page: string, initial: Project): Promise<string> {
  const files = Object.keys(initial.files)
    .sort()
    .map((path) => {
      const file = initial.files[path]!;
      return [path, file.kind === 'text' ? file.text : file.mime];
    });
  const json = JSON.stringify([origin, page, initial.entry, files]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(json));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The store; the database opens on first use, and again after a failed open. */
export function createEmbedEditsStore(
  open: () => Promise<IDBPDatabase<Schema>> = () =>
    openDB<Schema>(EMBED_EDITS_DB, 1, {
      upgrade: (db) => void db.createObjectStore('edits', { keyPath: 'key' }),
    }),
): EmbedEditsStore {
  let opening: Promise<IDBPDatabase<Schema>> | null = null;
  const db = () => {
    opening ??= open();
    opening.catch(() => (opening = null));
    return opening;
  };
  return {
    load: async (key) => (await db()).get('edits', key),
    save: async (edits) => void (await (await db()).put('edits', edits)),
    forget: async (key) => (await db()).delete('edits', key),
  };
}
