import type { Program } from '../protocol/index.ts';
import { functionSource } from './safe-reflect.ts';
import { VENDOR_SOURCE_URL } from './stack.ts';

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
 * Loads the React bundle on demand (programs without React never fetch or parse it) and
 * evaluates its source through `evaluate`, so React runs as the document's own script: code
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
): () => Promise<Factories> {
  let loading: Promise<Factories> | undefined;
  const sources = (): Sources =>
    ((win as unknown as Record<string, Sources | undefined>)[SOURCE_GLOBAL] ??= {});
  const fromSource = (): Factories => {
    const fn = sources()['react-vendor'];
    if (typeof fn !== 'function') throw new Error(`${scriptUrl} did not define the vendor bundle`);
    delete sources()['react-vendor'];
    const exported = evaluate(`(${functionSource(fn)})()\n//# sourceURL=${VENDOR_SOURCE_URL}`) as {
      factories?: Factories;
    };
    if (!exported?.factories) throw new Error(`${scriptUrl} has no vendor factories`);
    return exported.factories;
  };
  return () => {
    if (loading) return loading;
    const attempt = new Promise<Factories>((resolve, reject) => {
      if (sources()['react-vendor']) return resolve(fromSource());
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
