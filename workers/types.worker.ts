import { expose } from 'comlink';
import type { PackageTypesApi } from '../src/protocol/package-types';
import { acquirePackageTypes } from './types/acquire';
import { createTextFetcher } from './types/text-fetcher';
import { openTypeCache } from './types/type-cache';

// Types for npm packages are fetched and scanned here, off the main thread.
const fetcher = createTextFetcher({
  fetch: (url, init) => fetch(url, init),
  cache: openTypeCache(),
});

const api: PackageTypesApi = {
  acquire: (request) => acquirePackageTypes(request, fetcher.fetchText),
  cancel: () => fetcher.cancel(),
};
expose(api);
