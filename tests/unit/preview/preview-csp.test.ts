import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// preview.html's policy blocks what <object> and <embed> would load (a page in one would not
// get the nested-frame limits). It must come before any script, and block nothing else.
const html = readFileSync(new URL('../../../public/preview.html', import.meta.url), 'utf8');
const policies = [
  ...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/g),
];

describe('preview.html content security policy', () => {
  it('has one policy, object-src none and nothing else', () => {
    expect(policies.map((m) => m[1])).toEqual(["object-src 'none'"]);
  });

  it('comes before the first script', () => {
    expect(policies[0]!.index).toBeLessThan(html.indexOf('<script'));
  });
});
