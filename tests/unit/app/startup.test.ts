import { describe, expect, test } from 'vitest';
import { decideStartup } from '../../../src/app/startup';
import { createViewStore } from '../../../src/app/view-store';
import { encodeProject } from '../../../src/project/share/share-codec';
import { TEMPLATES } from '../../../src/project/templates';

const project = TEMPLATES[1]!.create();
const fragment = encodeProject(project, { open: 'src/App.tsx' });
const base = 'https://pp.test/app/';

describe('decideStartup', () => {
  test('no fragment: the usual start', () => {
    expect(decideStartup(base)).toEqual({ fromPermalink: false, readOnly: false, embed: false });
    expect(decideStartup(base + '?embed#intro').embed).toBe(true);
  });

  test('a run link opens its project and its run; a bad run leaves a notice, not the link', () => {
    const run = { seed: 1, startTime: 2, tick: 0, lastTick: 0, inputs: [] };
    const good = decideStartup(`${base}#${encodeProject(project, { run })}`);
    expect(good).toMatchObject({ project, run, fromPermalink: true });
    const bad = decideStartup(`${base}#${encodeProject(project, { run: { ...run, tick: 4 } })}`);
    expect(bad).toMatchObject({ project, fromPermalink: true });
    expect(bad.run).toBeUndefined();
    expect(bad.runError).toMatch(/current tick 4 is after its last tick 0/);
    const url = { href: `${base}#x`, get: () => url.href, replace: (h: string) => (url.href = h) };
    expect(createViewStore(bad, url).getState().notice).toBe(bad.runError);
    // The code is sound: the link stays, as for any permalink.
    expect(url.href).toBe(`${base}#x`);
  });

  test('a permalink opens its project, file and flags', () => {
    const s = decideStartup(`${base}?embed&readonly#${fragment}`);
    expect(s).toEqual({
      project,
      openPath: 'src/App.tsx',
      fromPermalink: true,
      readOnly: true,
      embed: true,
    });
  });

  test('a broken permalink opens as usual with a message, never read-only', () => {
    const s = decideStartup(`${base}?readonly#${fragment.slice(0, 60)}`);
    expect(s.project).toBeUndefined();
    expect(s.fromPermalink).toBe(false);
    expect(s.readOnly).toBe(false);
    expect(s.error).toMatch(
      /cut off.*Playpen opened as usual instead; none of your work was changed/,
    );
  });
});

describe('read-only view', () => {
  test('Edit a copy drops ?readonly from the address, keeping the rest', () => {
    let href = `${base}?readonly#${fragment}`;
    const view = createViewStore(decideStartup(href), {
      get: () => href,
      replace: (next) => (href = next),
    });
    expect(view.getState().readOnly).toBe(true);
    view.makeEditable();
    expect(view.getState().readOnly).toBe(false);
    expect(href).toBe(`${base}#${fragment}`);
  });

  test('notices are shown until dismissed', () => {
    const view = createViewStore(decideStartup(`${base}#code/!!`), {
      get: () => base,
      replace: () => {},
    });
    expect(view.getState().notice).toMatch(/contains “!” at position 1/);
    view.dismissNotice();
    expect(view.getState().notice).toBeNull();
  });
});

describe('?readonly without a link', () => {
  test('opens as usual, editable, and says why nothing is read-only', () => {
    for (const href of [`${base}?readonly`, `${base}?readonly#intro`, `${base}?embed&readonly`]) {
      const s = decideStartup(href);
      expect(s.readOnly).toBe(false);
      expect(s.project).toBeUndefined();
      expect(s.error).toMatch(/read-only address carries no project.*#code\//);
    }
  });

  test('the message is shown once: the address loses ?readonly', () => {
    let href = `${base}?embed&readonly`;
    const view = createViewStore(decideStartup(href), {
      get: () => href,
      replace: (next) => (href = next),
    });
    expect(view.getState().notice).toMatch(/carries no project/);
    expect(view.getState().readOnly).toBe(false);
    expect(href).toBe(`${base}?embed`);
  });
});
