import type { Diagnostic, ProjectFile } from '../../src/protocol';
import type { CompiledCss } from './compile-css';
import {
  extractHtml,
  fileFromIndexHtml,
  INDEX_HTML as HTML,
} from '../../src/project/model/index-html';
import type { ResolveContext } from './resolve';

/**
 * Program.html/head from the project's index.html. Stylesheets it links from the project are
 * compiled like imported CSS and inlined as <style>, since the preview cannot fetch project paths.
 */
export const htmlForProgram = async (
  files: Record<string, ProjectFile>,
  ctx: ResolveContext,
  compileCss: (path: string, ctx: ResolveContext) => Promise<CompiledCss>,
): Promise<{ body?: string; head?: string; diagnostics: Diagnostic[] }> => {
  const file = files[HTML];
  if (file?.kind !== 'text') return { diagnostics: [] };
  const parts = extractHtml(file.text);
  const diagnostics: Diagnostic[] = [];
  const head = await Promise.all(
    parts.head.map(async (part) => {
      if ('html' in part) return part.html;
      const path = fileFromIndexHtml(files, part.stylesheet);
      if (!path) {
        const text = `Could not resolve stylesheet "${part.stylesheet}" from ${HTML}`;
        diagnostics.push({ severity: 'warning', file: HTML, text });
        return '';
      }
      const css = await compileCss(path, ctx);
      if (!css.ok) {
        // The page still runs without it; report as warnings so the build goes on.
        diagnostics.push(...css.errors.map((d) => ({ ...d, severity: 'warning' as const })));
        return '';
      }
      return `<style>\n${css.css.replace(/<\/style/gi, '<\\/style')}</style>`;
    }),
  );
  const headHtml = head.filter(Boolean).join('\n');
  return { body: parts.body, ...(headHtml ? { head: headHtml } : {}), diagnostics };
};
