import { sourceUrl } from '../../../src/protocol';
import { withInlineMap } from '../inline-map';
import { emptyModule, type Loader } from './load-context';

/** A stylesheet; a `.module.css` also gets a JS module exporting its class names. */
export const loadCss: Loader = async (path, file, _type, lc) => {
  const compiled = await lc.compile.css(path, lc.ctx);
  // Its @imports are other files: reused only through the CSS cache, which checks them.
  const out = emptyModule(file, lc.scope(), false);
  out.diagnostics.push(...compiled.warnings);
  if (!compiled.ok) out.diagnostics.push(...compiled.errors);
  else if (!compiled.js) out.modules[path] = { kind: 'css', css: compiled.css };
  else {
    const { code, map, cssId } = compiled.js;
    out.modules[path] = {
      kind: 'js',
      code: withInlineMap(code, map),
      map,
      url: sourceUrl(path),
      deps: { [cssId]: cssId },
    };
    out.modules[cssId] = { kind: 'css', css: compiled.css };
  }
  return out;
};
