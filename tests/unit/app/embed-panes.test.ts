import { describe, expect, it } from 'vitest';
import { planPanes } from '../../../src/app/embed-panes';
import { sdkSettings } from '../../../src/app/sdk-settings';

describe('the embed’s panes', () => {
  it('split: the editor beside the output where there is room, tabs when narrow', () => {
    expect(planPanes()).toEqual({
      split: true,
      tabs: ['preview', 'console', 'problems'],
      first: 'preview',
      hiddenPreview: false,
    });
    expect(planPanes('split', undefined, true)).toEqual({
      split: false,
      tabs: ['code', 'preview', 'console', 'problems'],
      first: 'code',
      hiddenPreview: false,
    });
  });

  it('one pane at a time for the other views, starting with theirs, in the usual order', () => {
    expect(planPanes('console', ['console', 'editor'])).toEqual({
      split: false,
      tabs: ['code', 'console'],
      first: 'console',
      hiddenPreview: true,
    });
    expect(planPanes('preview', ['editor'])).toMatchObject({ tabs: ['code'], first: 'code' });
    expect(planPanes('split', ['editor'])).toMatchObject({ split: false, tabs: ['code'] });
  });

  it('takes the host’s theme and auto-run, nothing else', () => {
    expect(sdkSettings({ theme: 'dark', autorun: false, view: 'editor' })).toEqual({
      theme: 'dark',
      autoRun: false,
    });
    expect(sdkSettings({ autorun: true })).toEqual({});
  });
});
