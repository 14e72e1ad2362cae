import { describe, expect, it } from 'vitest';
import { scopeReadOnlyToLink } from '../../../src/app/read-only-scope';
import { createViewStore, type UrlBar } from '../../../src/app/view-store';
import { createProjectStore } from '../../../src/project/model/store';
import { createDefaultProject } from '../../../src/project/templates';

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

describe('read-only scope', () => {
  it('keeps the link read-only while its own project is shown', () => {
    const store = createProjectStore(createDefaultProject());
    const view = createViewStore(
      { fromPermalink: true, readOnly: true, embed: false },
      fakeUrl('https://p.test/?readonly#code/AQ'),
    );
    scopeReadOnlyToLink(view, store);
    store.setActive('src/greet.ts');
    expect(view.getState().readOnly).toBe(true);
  });

  it('makes any other loaded project editable and drops ?readonly from the address', () => {
    const store = createProjectStore(createDefaultProject());
    const url = fakeUrl('https://p.test/?readonly#code/AQ');
    const view = createViewStore({ fromPermalink: true, readOnly: true, embed: false }, url);
    const stop = scopeReadOnlyToLink(view, store);
    store.replace({ ...createDefaultProject(), name: 'Mine' });
    expect(view.getState().readOnly).toBe(false);
    expect(url.href).toBe('https://p.test/#code/AQ');
    stop();
  });
});
