import { describe, expect, it } from 'vitest';
import type { ProjectFile } from '../../../src/protocol';
import { findPrettierConfig } from '../../../src/format/prettier-config';

const text = (value: string): ProjectFile => ({ kind: 'text', text: value });

describe('findPrettierConfig', () => {
  it('finds .prettierrc and .prettierrc.json at the root, .prettierrc first (as Prettier)', () => {
    expect(findPrettierConfig({ '.prettierrc.json': text('{"semi":false}') })).toEqual({
      path: '.prettierrc.json',
      text: '{"semi":false}',
    });
    expect(
      findPrettierConfig({
        '.prettierrc.json': text('{"semi":false}'),
        '.prettierrc': text('{"semi":true}'),
      })?.path,
    ).toBe('.prettierrc');
  });

  it('has none without a config file, for one in a folder, or a package.json without "prettier"', () => {
    expect(findPrettierConfig({ 'src/main.ts': text('') })).toBeNull();
    expect(findPrettierConfig({ 'src/.prettierrc': text('{"semi":false}') })).toBeNull();
    expect(findPrettierConfig({ 'package.json': text('{"name":"x"}') })).toBeNull();
  });

  it('prefers a .prettierrc to package.json\'s "prettier" key', () => {
    const files = {
      'package.json': text('{"prettier":{"semi":true}}'),
      '.prettierrc': text('semi: false'),
    };
    expect(findPrettierConfig(files)?.path).toBe('.prettierrc');
  });
});
