/**
 * Pure helpers mapping project paths to Monaco language ids and model URIs.
 * No Monaco import here so the rules are unit-testable in Node.
 */
import { fileTypeOf, type EditorLanguage } from '../project/model/file-types';

/**
 * Language of a file, from the file-type registry; the TS worker picks TSX/JSX parsing from
 * the URI's extension.
 */
export function languageForPath(path: string): EditorLanguage {
  return fileTypeOf(path).language ?? 'plaintext';
}

/**
 * Model URI path for a project path: `/src/main.tsx`, i.e. the URI `file:///src/main.tsx`.
 * The project root is `/` so that `file:///node_modules/@types/react` is found by TS's
 * node_modules lookup from any project file.
 */
export function uriPathForProjectPath(path: string): string {
  return '/' + path.replace(/^\/+/, '');
}

/** Inverse of uriPathForProjectPath (takes a URI's decoded `path`). */
export function projectPathFromUriPath(uriPath: string): string {
  return uriPath.replace(/^\/+/, '');
}
