import { describe, expect, test } from 'vitest';
import LZString from 'lz-string';
import { decodeLink, looksLikeJsx } from '../../../../src/project/share/open-link';
import { encodeProject } from '../../../../src/project/share/share-codec';
import { TEMPLATES } from '../../../../src/project/templates';

const playground = (code: string, query = '?target=99') =>
  `https://www.typescriptlang.org/play/${query}#code/${LZString.compressToEncodedURIComponent(code)}`;

const errorOf = (input: string) => {
  const result = decodeLink(input);
  expect(result.ok).toBe(false);
  return result.ok ? '' : result.error;
};

describe('TypeScript Playground links', () => {
  test('a .ts program becomes src/main.ts', () => {
    const code = 'const greet = (name: string) => `Hi ${name}`;\nconsole.log(greet("TS"));\n';
    const result = decodeLink(playground(code));
    if (!result.ok) throw new Error(result.error);
    expect(result.project.entry).toBe('src/main.ts');
    expect(result.project.files['src/main.ts']).toEqual({ kind: 'text', text: code });
    expect(Object.keys(result.project.files).sort()).toEqual(['index.html', 'src/main.ts']);
  });

  test('JSX is detected (and generics are not JSX)', () => {
    const jsx = 'function App() {\n  return <div className="a">hi</div>;\n}\n';
    const result = decodeLink(playground(jsx));
    expect(result.ok && result.project.entry).toBe('src/main.tsx');
    expect(looksLikeJsx('const x = <Foo bar={1} />;')).toBe(true);
    expect(looksLikeJsx('const f = () => <>x</>;')).toBe(true);
    expect(looksLikeJsx('const a: Array<string> = []; function id<T>(x: T): T { return x; }')).toBe(
      false,
    );
  });

  test('filetype=js and #src= links', () => {
    const js = decodeLink(playground('console.log(1)', '?filetype=js'));
    expect(js.ok && js.project.entry).toBe('src/main.js');
    const src = decodeLink('https://www.typescriptlang.org/play?#src=let%20x%20%3D%201%3B');
    expect(src.ok && src.project.files['src/main.ts']).toEqual({
      kind: 'text',
      text: 'let x = 1;',
    });
  });

  test('broken Playground links say so', () => {
    expect(errorOf('https://www.typescriptlang.org/play?#code/')).toMatch(
      /cut off: it has no code/,
    );
    expect(errorOf('https://www.typescriptlang.org/play?#code/$$$$')).toMatch(
      /can’t be decompressed/,
    );
    expect(errorOf('https://www.typescriptlang.org/play')).toMatch(/holds no code/);
    expect(errorOf('https://www.typescriptlang.org/play?#src=%E0%A4%A')).toMatch(
      /not valid URL text/,
    );
  });
});

describe('Playpen links and other input', () => {
  const fragment = encodeProject(TEMPLATES[1]!.create(), { open: 'src/App.tsx' });

  test('a full link, a bare fragment', () => {
    for (const input of [
      `https://playpen.example/app/?readonly#${fragment}`,
      `#${fragment}`,
      fragment,
    ]) {
      const result = decodeLink(`  ${input}\n`);
      if (!result.ok) throw new Error(result.error);
      expect(result.project).toEqual(TEMPLATES[1]!.create());
      expect(result.options.open).toBe('src/App.tsx');
    }
  });

  test('errors', () => {
    expect(errorOf('')).toMatch(/Paste a Playpen or TypeScript Playground link/);
    expect(errorOf('hello world')).toMatch(/not a link/);
    expect(errorOf('https://example.com/page#intro')).toMatch(/holds no project/);
    expect(errorOf(`https://x.test/#${fragment.slice(0, 40)}`)).toMatch(/cut off/);
  });
});
