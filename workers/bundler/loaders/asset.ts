import { emptyModule, type Loader } from './load-context';

/** Images, fonts, media: the module is the bytes, which the preview serves as a URL. */
export const loadAsset: Loader = async (path, file, type, lc) => {
  const bytes = file.kind === 'binary' ? file.bytes : new TextEncoder().encode(file.text);
  // A binary file of a type the registry does not serve keeps the MIME it was uploaded with.
  const mime =
    (type.loader === 'asset' ? type.mime : undefined) ??
    (file.kind === 'binary' ? file.mime : 'application/octet-stream');
  const out = emptyModule(file, lc.scope(), true);
  out.modules[path] = { kind: 'asset', bytes, mime };
  return out;
};
