/** Types for npm packages, wired to the settings: the worker, and the type source URL. */
import {
  createPackageTypes,
  type PackageTypes,
} from '../editor/package-types/package-types-client';
import type { SettingsStore } from '../settings/settings-store';

/** The client; a new type source URL asks again for every imported package. */
export function createSessionPackageTypes(settings: SettingsStore): PackageTypes {
  const client = createPackageTypes({
    createWorker: () =>
      new Worker(new URL('../../workers/types.worker.ts', import.meta.url), {
        type: 'module',
        name: 'playpen-types',
      }),
    getBase: () => settings.getState().typesBase,
  });
  let last = settings.getState().typesBase;
  const unsubscribe = settings.subscribe(() => {
    const next = settings.getState().typesBase;
    if (next === last) return;
    last = next;
    client.refresh();
  });
  return {
    ...client,
    dispose() {
      unsubscribe();
      client.dispose();
    },
  };
}
