/**
 * Download project with every imported package pinned: undeclared packages are looked up in
 * the npm registry first (registry-versions.ts); the zip itself is built as before.
 */
import { undeclaredPackages } from './export-package';
import { resolveVersions, type RegistryOptions } from './registry-versions';
import { exportProjectZip, type ExportedZip, type ExportOptions } from './zip-export';
import type { Project } from '../../protocol';

export interface PinnedExport extends ExportedZip {
  /** Packages the registry did not answer for, pinned to the last version known. */
  fromLastKnown: string[];
  /** Packages written as "latest": the user must be told. */
  unpinned: string[];
  /** Versions the registry gave, to remember as last known. */
  fetched: Record<string, string>;
}

export async function exportPinnedZip(
  project: Project,
  opts: ExportOptions & RegistryOptions,
): Promise<PinnedExport> {
  const resolved = await resolveVersions(undeclaredPackages(project), opts);
  const zip = exportProjectZip(project, { ...opts, resolved: resolved.versions });
  const fetched = { ...resolved.versions };
  for (const name of resolved.fromLastKnown) delete fetched[name];
  return { ...zip, fromLastKnown: resolved.fromLastKnown, unpinned: resolved.unpinned, fetched };
}

/** What to tell the user after a download that could not pin everything; null: all pinned. */
export function pinningNotice(
  result: Pick<PinnedExport, 'fromLastKnown' | 'unpinned'>,
): string | null {
  const list = (names: string[]) => names.map((n) => `“${n}”`).join(', ');
  const parts: string[] = [];
  if (result.unpinned.length > 0)
    parts.push(
      `the npm registry could not be reached, so ${list(result.unpinned)} ${result.unpinned.length === 1 ? 'is' : 'are'} not pinned: package.json asks for "latest" (see the README in the zip)`,
    );
  if (result.fromLastKnown.length > 0)
    parts.push(
      `${list(result.fromLastKnown)} ${result.fromLastKnown.length === 1 ? 'is' : 'are'} pinned to the last version Playpen knew, not checked against the registry`,
    );
  return parts.length === 0 ? null : `Project downloaded, but ${parts.join('; ')}.`;
}
