import type { Program, VendorBundle } from '../protocol/index.ts';
import { functionSource } from './safe-reflect.ts';
import { vendorSourceUrl } from './stack.ts';

/** Where preview.html's scripts put their bundles' code (see scripts/build-preview.mjs). */
export const SOURCE_GLOBAL = '__playpenSource';

type Sources = Record<string, (() => unknown) | undefined>;
type Factories = Readonly<Record<string, () => unknown>>;

/** The project's index.html content, added to the preview document. Scripts in it do not run. */
export function applyDocument(doc: Document, program: Program): void {
  if (program.head) doc.head.insertAdjacentHTML('beforeend', program.head);
  if (program.html !== undefined) doc.body.innerHTML = program.html;
}

export function injectCss(doc: Document, css: string, id: string): void {
  const style = doc.createElement('style');
  style.setAttribute('data-playpen-module', id);
  style.textContent = css;
  doc.head.appendChild(style);
}

/** An object URL for an asset's bytes, made in the iframe so it is usable there. */
export function makeObjectUrl(
  bytes: Uint8Array,
  mime: string,
  createUrl: (blob: Blob) => string,
  BlobCtor: typeof Blob,
): string {
  return createUrl(new BlobCtor([bytes as BlobPart], { type: mime }));
}

/**
 * Loads a vendor bundle (`name`: React's, Vue's or Svelte's) on demand (programs without it
 * never fetch or parse it) and evaluates its source through `evaluate`, so it runs as the
 * document's own script: code
 * run straight from the app-origin <script> is cross-origin to this opaque-origin document
 * and its errors would reach window.onerror as a bare "Script error.". Evaluating it defines
 * lazy factories only; React itself runs on the first require. So a spare frame may load it
 * before its run (see the `preload` message): fetching and compiling it is most of a React
 * run's start-up.
 */
export function createVendorLoader(
  win: Window,
  scriptUrl: string,
  evaluate: (code: string) => unknown,
  name = 'react-vendor',
): () => Promise<Factories> {
  let loading: Promise<Factories> | undefined;
  const sources = (): Sources =>
    ((win as unknown as Record<string, Sources | undefined>)[SOURCE_GLOBAL] ??= {});
  const fromSource = (): Factories => {
    const fn = sources()[name];
    if (typeof fn !== 'function') throw new Error(`${scriptUrl} did not define the vendor bundle`);
    delete sources()[name];
    const exported = evaluate(
      `(${functionSource(fn)})()\n//# sourceURL=${vendorSourceUrl(name)}`,
    ) as {
      factories?: Factories;
    };
    if (!exported?.factories) throw new Error(`${scriptUrl} has no vendor factories`);
    return exported.factories;
  };
  return () => {
    if (loading) return loading;
    const attempt = new Promise<Factories>((resolve, reject) => {
      if (sources()[name]) return resolve(fromSource());
      const script = win.document.createElement('script');
      script.src = scriptUrl;
      script.onload = () => {
        // Its code is in SOURCE_GLOBAL now; the element would only add to the program's <head>
        // (where, with a preload, it would come before the project's own head content).
        script.remove();
        try {
          resolve(fromSource());
        } catch (err) {
          reject(err);
        }
      };
      script.onerror = () => {
        script.remove();
        reject(new Error(`could not fetch ${scriptUrl}`));
      };
      win.document.head.appendChild(script);
    });
    // A failed load (a preload while the frame waited, say) is tried again by the next call.
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
    loading = attempt;
    return attempt;
  };
}

/**
 * The loaders of every vendor bundle (`urls`: each bundle's script, resolved when the runtime
 * starts), behind one call that loads the bundles a program's vendor module ids come from.
 */
export function createVendorLoaders(
  win: Window,
  urls: Readonly<Record<VendorBundle, string>>,
  evaluate: (code: string) => unknown,
): (bundles: readonly VendorBundle[]) => Promise<Factories> {
  const loaders = new Map<VendorBundle, () => Promise<Factories>>();
  const loaderOf = (bundle: VendorBundle) => {
    let load = loaders.get(bundle);
    if (!load) {
      load = createVendorLoader(win, urls[bundle], evaluate, `${bundle}-vendor`);
      loaders.set(bundle, load);
    }
    return load;
  };
  return async (bundles) =>
    Object.assign({}, ...(await Promise.all(bundles.map((b) => loaderOf(b)())))) as Factories;
}
