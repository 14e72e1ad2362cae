/**
 * Type declarations of the modules the preview serves prebuilt (React), from the installed
 * @types packages, placed where TypeScript's node_modules lookup finds them from any
 * project file (`file:///node_modules/...`). Loaded as a separate chunk next to Monaco.
 * Imported by file path: the packages' `exports` maps do not expose their .d.ts files.
 */
import reactIndex from '../../node_modules/@types/react/index.d.ts?raw';
import reactGlobal from '../../node_modules/@types/react/global.d.ts?raw';
import reactJsxRuntime from '../../node_modules/@types/react/jsx-runtime.d.ts?raw';
import reactJsxDevRuntime from '../../node_modules/@types/react/jsx-dev-runtime.d.ts?raw';
import reactDomIndex from '../../node_modules/@types/react-dom/index.d.ts?raw';
import reactDomClient from '../../node_modules/@types/react-dom/client.d.ts?raw';
// @types/react imports csstype for `style` props; with it, CSS property names complete.
import csstype from '../../node_modules/csstype/index.d.ts?raw';

/** One declaration file for the TS service: its URI and its text. */
export interface TypeLib {
  /** `file:///node_modules/...` URI the TS worker resolves imports against. */
  uri: string;
  /** The .d.ts text. */
  content: string;
}

const lib = (path: string, content: string): TypeLib => ({
  uri: 'file:///node_modules/' + path,
  content,
});

export const TYPE_LIBS: readonly TypeLib[] = [
  lib('@types/react/index.d.ts', reactIndex),
  lib('@types/react/global.d.ts', reactGlobal),
  lib('@types/react/jsx-runtime.d.ts', reactJsxRuntime),
  lib('@types/react/jsx-dev-runtime.d.ts', reactJsxDevRuntime),
  lib('@types/react-dom/index.d.ts', reactDomIndex),
  lib('@types/react-dom/client.d.ts', reactDomClient),
  lib('csstype/index.d.ts', csstype),
];
