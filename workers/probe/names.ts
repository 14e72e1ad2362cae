import type { Node as EstreeNode } from 'estree';
import { analyze, extract_identifiers, Scope } from 'periscopic';
import { importBinding } from './esbuild-glue';
import type { AnyNode, ModuleIndex } from './module-index';

/**
 * Names as written, names as built (docs/logpoints.md). esbuild renames: `count` in an inner
 * block is `count2`, an import `h` is `import_util.helper`, a class's own name inside it is
 * `_Thing`. A logpoint's expression is in the user's names, so each name is looked up at the
 * probe's place in the output: the innermost binding (scopes from periscopic) whose original
 * name is the one written; else an import (`import_x.prop` read where the user wrote the name);
 * else it is a global.
 */

/** How a written name is read at a place. */
export type Resolved =
  /** The program's own binding: the reader returns `read` (`count2`, `import_util.helper`). */
  | { kind: 'local'; read: string }
  /** Bound nowhere around the place: the runtime reads it from the window. */
  | { kind: 'global' }
  /** Bound, but not readable from the probe (an outer name hidden by an inner one esbuild made). */
  | { kind: 'error'; error: string };

export interface NameResolver {
  /** The binding `written` refers to at a probe placed inside `scope` (a node of the module). */
  resolve(scope: AnyNode, written: string): Resolved;
}

const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*/u;
const escape = (text: string) => text.replace(/[$]/g, '\\$');

export function createNameResolver(index: ModuleIndex): NameResolver {
  const analysis = analyze(index.ast as unknown as EstreeNode);
  const originals = new Map<AnyNode, string>();

  /** The identifier written at a mapped position of the user's file, if any. */
  const writtenAt = (line: number, column: number): string | null =>
    IDENTIFIER.exec(index.sourceLines[line - 1]?.slice(column) ?? '')?.[0] ?? null;

  /**
   * The name the user wrote for an output identifier: the map's `names` entry (esbuild sets it
   * where it renamed), else the identifier at the mapped position when the output name is it or
   * one of esbuild's renamings of it (`count2`, `_Thing`), else the output name itself.
   */
  const originalName = (id: AnyNode): string => {
    const known = originals.get(id);
    if (known !== undefined) return known;
    const output = id.name as string;
    let name = output;
    const at = index.original(id);
    if (at?.exact && at.name) name = at.name;
    else if (at?.exact) {
      const written = writtenAt(at.line, at.column);
      if (written && new RegExp(`^_?${escape(written)}\\d*$`).test(output)) name = written;
    }
    originals.set(id, name);
    return name;
  };

  /** The binding identifiers a periscopic declaration node declares under `output`. */
  const identifiersOf = (declaration: AnyNode, output: string): AnyNode[] => {
    const patterns: AnyNode[] = [];
    switch (declaration.type) {
      case 'VariableDeclaration':
        for (const d of declaration.declarations as AnyNode[]) patterns.push(d.id as AnyNode);
        break;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
      case 'ClassDeclaration':
        if (declaration.id) patterns.push(declaration.id as AnyNode);
        if (declaration.params) patterns.push(...(declaration.params as AnyNode[]));
        break;
      default:
        patterns.push(declaration);
    }
    return patterns
      .flatMap((p) => extract_identifiers(p as unknown as EstreeNode) as unknown as AnyNode[])
      .filter((id) => id.name === output);
  };

  /** Each scope's bindings by the name the user wrote (made on the first look-up in it). */
  const byScope = new WeakMap<Scope, Map<string, string>>();
  /** In one scope: the output name of a binding the user wrote as `name`. */
  const declaredIn = (scope: Scope, name: string): string | null => {
    let byName = byScope.get(scope);
    if (!byName) {
      byName = new Map();
      for (const [output, declaration] of scope.declarations)
        for (const id of identifiersOf(declaration as unknown as AnyNode, output)) {
          const original = originalName(id);
          if (!byName.has(original)) byName.set(original, output);
        }
      byScope.set(scope, byName);
    }
    return byName.get(name) ?? null;
  };

  let importMap: Map<string, string> | undefined;
  const imports = () => (importMap ??= importReads(index, writtenAt));

  /** The scopes around `node`, innermost first, with the class expressions that bind their name inside. */
  const around = function* (node: AnyNode): Generator<Scope | AnyNode> {
    for (let n: AnyNode | null = node; n; n = index.slotOf(n).parent) {
      const scope = analysis.map.get(n as unknown as EstreeNode);
      if (scope) yield scope;
      if (n.type === 'ClassExpression' && n.id) yield n;
    }
    yield analysis.scope;
  };

  return {
    resolve(scope, name) {
      const passed: (Scope | AnyNode)[] = [];
      for (const s of around(scope)) {
        let output: string | null;
        if (s instanceof Scope) output = declaredIn(s, name);
        else {
          const id = s.id as AnyNode;
          output = originalName(id) === name ? (id.name as string) : null;
        }
        if (output !== null) {
          // A closer binding with the same output name would be read instead: say so.
          const hidden = passed.some((p) =>
            p instanceof Scope ? p.declarations.has(output) : (p.id as AnyNode).name === output,
          );
          if (hidden)
            return { kind: 'error', error: `\`${name}\` is hidden here by another binding` };
          return { kind: 'local', read: output };
        }
        passed.push(s);
      }
      if (name === 'arguments') return argumentsAt(index, scope);
      const read = imports().get(name);
      return read ? { kind: 'local', read } : { kind: 'global' };
    },
  };
}

/**
 * Imports: esbuild reads each imported name as a member of the module's import object
 * (`(0, import_util.helper)(x)` where the user wrote `h(x)`), mapped to where the user wrote it.
 * Exact mappings win over ones that only cover the position.
 */
function importReads(
  index: ModuleIndex,
  writtenAt: (line: number, column: number) => string | null,
): Map<string, string> {
  const top = (index.wrapper.body as AnyNode).body as AnyNode[];
  const bindings = new Set(top.map(importBinding).filter((b): b is string => b !== null));
  const exact = new Map<string, string>();
  const covering = new Map<string, string>();
  if (bindings.size === 0) return exact;
  for (const node of index.nodes) {
    if (node.type !== 'MemberExpression' || node.computed) continue;
    const object = node.object as AnyNode;
    const property = node.property as AnyNode;
    if (object.type !== 'Identifier' || !bindings.has(object.name as string)) continue;
    const at = index.original(node);
    const written = at && writtenAt(at.line, at.column);
    if (!written) continue;
    const into = at.exact ? exact : covering;
    if (!into.has(written))
      into.set(written, `${object.name as string}.${property.name as string}`);
  }
  for (const [written, read] of covering) if (!exact.has(written)) exact.set(written, read);
  return exact;
}

/** `arguments` of the function around the place (not the module function's, nor a class field's). */
function argumentsAt(index: ModuleIndex, scope: AnyNode): Resolved {
  for (let n: AnyNode | null = scope; n; n = index.slotOf(n).parent) {
    if (n.type === 'PropertyDefinition' || n.type === 'StaticBlock') break;
    if (n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression')
      return n === index.wrapper ? { kind: 'global' } : { kind: 'local', read: 'arguments' };
  }
  return { kind: 'global' };
}
