import { describe, expect, it } from 'vitest';
import { createViewStore, type UrlBar } from '../../../src/app/view-store';

function fakeUrl(href: string): UrlBar & { href: string } {
  const bar = {
    href,
    get: () => bar.href,
    replace: (next: string) => {
      bar.href = next;
    },
  };
  return bar;
}

const linked = { fromPermalink: true, readOnly: true, embed: false };

describe('view store', () => {
  it('"Edit a copy" drops ?readonly and keeps the fragment', () => {
    const url = fakeUrl('https://p.test/?readonly#code/AQ');
    const view = createViewStore(linked, url);
    view.makeEditable();
    expect(view.getState().readOnly).toBe(false);
    expect(url.href).toBe('https://p.test/#code/AQ');
  });

  it('forgetting the permalink removes the fragment only', () => {
    const url = fakeUrl('https://p.test/app/?embed#code/AQxyz');
    createViewStore(linked, url).forgetPermalink();
    expect(url.href).toBe('https://p.test/app/?embed');
  });

  it('a bad link starts with its message as a notice that can be dismissed', () => {
    const url = fakeUrl('https://p.test/app/?embed#code/AQ!bad');
    const view = createViewStore(
      { fromPermalink: false, readOnly: false, embed: false, error: 'Bad link.' },
      url,
    );
    // Reported once: the fragment leaves the address bar, so a reload does not repeat it.
    expect(url.href).toBe('https://p.test/app/?embed');
    expect(view.getState().notice).toBe('Bad link.');
    view.dismissNotice();
    expect(view.getState().notice).toBeNull();
  });
});
