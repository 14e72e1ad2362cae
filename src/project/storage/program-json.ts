import type { Diagnostic, Program } from '../../protocol';

/** A build's outcome without its request id and timing: what a run needs from it. */
export interface ProgramBuild {
  /** Absent when the build failed. */
  program?: Program;
  /** The build's errors and warnings, as the console and the editor show them. */
  diagnostics: Diagnostic[];
}

/** JSON text of a build, its asset bytes as `{ "$bytes": [...] }` (JSON has no byte arrays). */
export const buildToJson = (build: ProgramBuild): string =>
  JSON.stringify(build, (_key, value: unknown) =>
    value instanceof Uint8Array ? { $bytes: Array.from(value) } : value,
  );

/** The inverse of buildToJson. */
export const buildFromJson = (json: string): ProgramBuild =>
  JSON.parse(json, (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const bytes = (value as { $bytes?: unknown }).$bytes;
      if (Array.isArray(bytes) && Object.keys(value).length === 1) return new Uint8Array(bytes);
    }
    return value;
  }) as ProgramBuild;
