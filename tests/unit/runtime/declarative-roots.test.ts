import { describe, expect, it } from 'vitest';
import { declaredRoot, mayDeclareRoots } from '../../../src/runtime/declarative-roots';

const attrs = (values: Record<string, string>) => (name: string) => values[name] ?? null;

describe('declarative shadow roots', () => {
  it('finds the attribute name in any case, and only it', () => {
    expect(mayDeclareRoots('<div><template shadowrootmode="closed">')).toBe(true);
    expect(mayDeclareRoots('<TEMPLATE ShadowRootMode=open>')).toBe(true);
    // The name cannot be hidden behind character references; values and text can be.
    expect(mayDeclareRoots('<template shadow&#114;ootmode="open">')).toBe(false);
    expect(mayDeclareRoots('<template shadowroot="open"><iframe></iframe></template>')).toBe(false);
  });

  it('reads the mode in any case, and the flags by presence', () => {
    expect(declaredRoot(attrs({ shadowrootmode: 'CLOSED' }))).toEqual({
      mode: 'closed',
      delegatesFocus: false,
      clonable: false,
      serializable: false,
    });
    expect(
      declaredRoot(
        attrs({
          shadowrootmode: 'open',
          shadowrootdelegatesfocus: '',
          shadowrootclonable: '',
          shadowrootserializable: 'false',
        }),
      ),
    ).toEqual({ mode: 'open', delegatesFocus: true, clonable: true, serializable: true });
  });

  it('declares nothing for a missing or unknown mode (the parser keeps a template)', () => {
    expect(declaredRoot(attrs({}))).toBeNull();
    expect(declaredRoot(attrs({ shadowrootmode: 'opened' }))).toBeNull();
    expect(declaredRoot(attrs({ shadowrootmode: '' }))).toBeNull();
  });
});
