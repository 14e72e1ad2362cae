import { expect, test } from 'vitest';
import {
  appBase,
  embedSnippet,
  readLinkFlags,
  shareUrl,
  withoutReadOnly,
} from '../../../../src/project/share/share-url';

test('share links carry flags in the query and the project in the fragment', () => {
  const base = appBase('https://pp.test/app/?readonly#code/abc');
  expect(base).toBe('https://pp.test/app/');
  expect(shareUrl(base, 'code/xyz')).toBe('https://pp.test/app/#code/xyz');
  expect(shareUrl(base, 'code/xyz', { readOnly: true })).toBe(
    'https://pp.test/app/?readonly#code/xyz',
  );
  expect(shareUrl(base, 'code/xyz', { readOnly: true, embed: true })).toBe(
    'https://pp.test/app/?embed&readonly#code/xyz',
  );
});

test('the embed snippet escapes attributes', () => {
  expect(embedSnippet('https://pp.test/?embed&readonly#code/x', 'A "quoted" <name>')).toBe(
    '<iframe src="https://pp.test/?embed&amp;readonly#code/x" title="A &quot;quoted&quot; &lt;name>" width="100%" height="480" style="border: 0; border-radius: 8px" loading="lazy"></iframe>',
  );
});

test('every flag a link is written with is read back, alone or together', () => {
  const base = 'https://pp.test/app/';
  for (const embed of [false, true])
    for (const readOnly of [false, true])
      expect(readLinkFlags(shareUrl(base, 'code/x', { embed, readOnly }))).toEqual({
        embed,
        readOnly,
      });
  expect(readLinkFlags(`${base}?embed=&readonly=1#code/x`)).toEqual({
    embed: true,
    readOnly: true,
  });
});

test('"Edit a copy" drops ?readonly from the address, keeping the rest', () => {
  const base = 'https://pp.test/app/';
  expect(withoutReadOnly(`${base}?readonly#code/x`)).toBe(`${base}#code/x`);
  expect(withoutReadOnly(`${base}?embed&readonly#x`)).toBe(`${base}?embed#x`);
});
