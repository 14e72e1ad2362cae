import { describe, expect, it } from 'vitest';
import { json, key } from 'virtual:playpen-first-program';
import { BUNDLER_VERSION } from 'virtual:playpen-bundler-version';
import { createDefaultProject } from '../../../../src/project/templates';
import { DEFAULT_SETTINGS } from '../../../../src/settings/settings-store';
import { programKey } from '../../../../src/project/storage/program-key';
import { buildFromJson } from '../../../../src/project/storage/program-json';
import { fileChanges } from '../../../../src/project/model/file-changes';
import { programFromReply } from '../../../../src/protocol';
import { createBundlerService } from '../../../../workers/bundler/service';
import { WORKER_BUNDLER_OPTIONS } from '../../../../workers/bundler/worker-options';
import { countingEsbuild, evaluate } from './helpers';

describe('the program shipped for the default project', () => {
  it('is what the worker builds for it, source maps, assets and diagnostics included', async () => {
    const project = createDefaultProject();
    // The worker's way: its service and options, the project reaching it as an edit would.
    const service = createBundlerService({
      esbuild: countingEsbuild().api,
      init: async () => {},
      ...WORKER_BUNDLER_OPTIONS,
    });
    const { cdnBase } = DEFAULT_SETTINGS;
    const { entry, files } = project;
    const empty: typeof files = Object.fromEntries(
      Object.keys(files).map((p) => [p, { kind: 'text', text: '' } as const]),
    );
    const before = await service.build({ id: 1, changes: empty, reset: true, entry, cdnBase });
    const reply = await service.build({
      id: 2,
      changes: fileChanges(empty, files),
      reset: false,
      entry,
      cdnBase,
    });
    // The client's way: the second reply is read against the first's modules.
    const received = before.program
      ? programFromReply(before.program, new Map()).received
      : new Map();
    expect(reply.program).toBeDefined();
    const built = programFromReply(reply.program!, received).program;
    const shipped = buildFromJson(json);
    expect(shipped).toEqual({ program: built, diagnostics: reply.diagnostics });
    const asset = Object.values(shipped.program!.modules).find((m) => m.kind === 'asset');
    expect(asset && asset.kind === 'asset' && asset.bytes).toBeInstanceOf(Uint8Array);
  });

  it('is keyed by the default project, the default CDN base and this bundler', async () => {
    const { files, entry } = createDefaultProject();
    const { cdnBase } = DEFAULT_SETTINGS;
    expect(key).toBe(await programKey({ files, entry, cdnBase, bundler: BUNDLER_VERSION }));
  });

  it('loads its modules', () => {
    const { program } = buildFromJson(json);
    const greet = evaluate({ ...program!, entry: 'src/greet.ts' }).exports;
    expect((greet.greet as (name: string) => string)('Ada')).toMatch(/Ada/);
  });
});
