import { programFromReply, type Project } from '../../src/protocol';
import type { ProgramBuild } from '../../src/project/storage/program-json';
import type { EsbuildApi } from './esbuild-api';
import { createBundlerService } from './service';
import { WORKER_BUNDLER_OPTIONS } from './worker-options';

/**
 * Builds `project` exactly as the bundler worker does (its service, its options, a fresh
 * mirror), with the esbuild given: the build uses it under Node to ship the default project's
 * program with the app (scripts/first-program-source.ts), and a unit test checks it against
 * the worker's own path.
 */
export async function buildFirstProgram(
  esbuild: EsbuildApi,
  project: Project,
  cdnBase: string,
): Promise<ProgramBuild> {
  const service = createBundlerService({
    esbuild,
    init: async () => {},
    ...WORKER_BUNDLER_OPTIONS,
  });
  const { program, diagnostics } = await service.build({
    id: 1,
    changes: project.files,
    reset: true,
    entry: project.entry,
    cdnBase,
  });
  // A fresh service's first reply carries every module.
  return program
    ? { program: programFromReply(program, new Map()).program, diagnostics }
    : { diagnostics };
}
