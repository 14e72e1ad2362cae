import { useEffect, useId, useRef, useState } from 'react';
import type { ProjectFile } from '../protocol';
import { mimeOf } from '../project/model/file-types';
import { basename } from '../project/model/paths';
import './binary-preview.css';

export interface BinaryPreviewProps {
  /** Project path of the file (names it and gives the MIME type of text files). */
  path: string;
  /** The file; text files (an SVG written by hand) are previewed from their text. */
  file: ProjectFile;
}

const SPECIMEN = [
  'The quick brown fox jumps over the lazy dog',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  'abcdefghijklmnopqrstuvwxyz 0123456789 !?&@',
];

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

function contents(
  path: string,
  file: ProjectFile,
): { bytes: Uint8Array<ArrayBuffer>; mime: string } {
  if (file.kind === 'text')
    return { bytes: new TextEncoder().encode(file.text), mime: mimeOf(path) };
  return { bytes: new Uint8Array(file.bytes), mime: file.mime || mimeOf(path) };
}

/** Shows an image or a font specimen, with size and type, in place of the editor. */
export function BinaryPreview({ path, file }: BinaryPreviewProps) {
  const { bytes, mime } = contents(path, file);
  const meta = `${basename(path)} · ${mime} · ${formatBytes(bytes.byteLength)}`;
  if (mime.startsWith('image/')) return <ImagePreview path={path} file={file} meta={meta} />;
  if (mime.startsWith('font/')) return <FontPreview path={path} file={file} meta={meta} />;
  return (
    <div className="pp-binary">
      <p className="pp-binary-meta">{meta}</p>
      <p>This file can’t be previewed.</p>
    </div>
  );
}

function ImagePreview({ path, file, meta }: BinaryPreviewProps & { meta: string }) {
  const img = useRef<HTMLImageElement>(null);
  const [size, setSize] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    // An object URL per file, revoked when the file changes or the preview goes.
    const { bytes, mime } = contents(path, file);
    const url = URL.createObjectURL(new Blob([bytes], { type: mime }));
    if (img.current) img.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [path, file]);
  return (
    <div className="pp-binary">
      <img
        ref={img}
        className="pp-binary-image"
        alt={`Preview of ${path}`}
        onLoad={(e) => {
          setBroken(false);
          setSize(`${e.currentTarget.naturalWidth} × ${e.currentTarget.naturalHeight} px`);
        }}
        onError={() => setBroken(true)}
      />
      <p className="pp-binary-meta">{size ? `${meta} · ${size}` : meta}</p>
      {broken ? <p className="pp-binary-error">This image could not be decoded.</p> : null}
    </div>
  );
}

function FontPreview({ path, file, meta }: BinaryPreviewProps & { meta: string }) {
  const family = `pp-preview-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const [status, setStatus] = useState<{ key: ProjectFile; ok: boolean } | null>(null);
  useEffect(() => {
    const face = new FontFace(family, contents(path, file).bytes);
    let live = true;
    face.load().then(
      () => {
        if (!live) return;
        document.fonts.add(face);
        setStatus({ key: file, ok: true });
      },
      () => live && setStatus({ key: file, ok: false }),
    );
    return () => {
      live = false;
      document.fonts.delete(face);
    };
  }, [family, path, file]);
  const current = status?.key === file ? status : null;
  return (
    <div className="pp-binary">
      {current?.ok === false ? (
        <p className="pp-binary-error">This font could not be loaded.</p>
      ) : (
        <div
          className="pp-binary-specimen"
          style={{
            fontFamily: `${family}, sans-serif`,
            visibility: current ? 'visible' : 'hidden',
          }}
        >
          {SPECIMEN.map((line, i) => (
            <p key={line} style={{ fontSize: `${2 - i * 0.4}em` }}>
              {line}
            </p>
          ))}
        </div>
      )}
      <p className="pp-binary-meta">{meta}</p>
    </div>
  );
}
