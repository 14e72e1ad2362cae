import { test } from '@playwright/test';
import type { Project } from '../../src/protocol';
import { createDefaultProject, TEMPLATES } from '../../src/project/templates';
import { decodeFragment, encodeProject } from '../../src/project/share/share-codec';
import { REALISTIC } from './share-corpus';
import { linkLengths, type LinkLengths } from './share-lengths';

// Share-link length: lz-string of the project's JSON (what most playgrounds do), plain
// deflate of the same JSON, and ours (share format 1: binary record + preset dictionary).
// The templates are in the dictionary, so unedited templates are nearly free; the realistic
// projects (tests/bench/share-corpus.ts) were written apart from the dictionary and are the
// honest figure. Goal: ours ≤ 0.6 × lz-string.

const corpus: { group: string; project: Project }[] = [
  ...TEMPLATES.map((t) => ({ group: 'template', project: t.create() })),
  { group: 'template', project: createDefaultProject() },
  ...REALISTIC.map((project) => ({ group: 'realistic', project })),
];

const pad = (s: string | number, n: number) => String(s).padStart(n);

test('share link lengths', () => {
  const rows: (LinkLengths & { group: string; ms: number })[] = [];
  for (const { group, project } of corpus) {
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) decodeFragment(encodeProject(project));
    rows.push({ group, ...linkLengths(project), ms: (performance.now() - t0) / 20 });
  }
  const lines = [
    `${'project'.padEnd(22)} ${'group'.padEnd(9)} ${pad('lz-string', 9)} ${pad('deflate', 8)} ${pad('ours', 6)} ${pad('ours/lz', 8)} ${pad('enc+dec ms', 10)}`,
  ];
  for (const r of rows)
    lines.push(
      `${r.name.padEnd(22)} ${r.group.padEnd(9)} ${pad(r.lzString, 9)} ${pad(r.deflate, 8)} ${pad(r.ours, 6)} ${pad((r.ours / r.lzString).toFixed(2), 8)} ${pad(r.ms.toFixed(1), 10)}`,
    );
  for (const group of ['template', 'realistic', 'all']) {
    const g = rows.filter((r) => group === 'all' || r.group === group);
    const sum = (k: 'lzString' | 'deflate' | 'ours') => g.reduce((s, r) => s + r[k], 0);
    const worst = Math.max(...g.map((r) => r.ours / r.lzString));
    lines.push(
      `total ${group.padEnd(16)} ${''.padEnd(9)} ${pad(sum('lzString'), 9)} ${pad(sum('deflate'), 8)} ${pad(sum('ours'), 6)} ${pad((sum('ours') / sum('lzString')).toFixed(2), 8)}   worst ${worst.toFixed(2)}`,
    );
  }
  console.log('\nShare link length (characters of the fragment)\n' + lines.join('\n'));
});
