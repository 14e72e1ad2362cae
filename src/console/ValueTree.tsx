import { useState, type ReactNode } from 'react';
import { Button, Tree, TreeItem, TreeItemContent, type Key } from 'react-aria-components';
import { ChevronRight } from 'lucide-react';
import type { SerializedValue } from '../protocol';
import { useConsoleActions } from './console-context';
import { FrameLink } from './FrameLink';
import {
  childRows,
  isExpandable,
  mapEntryRows,
  CHILD_CHUNK,
  type ChildRow,
} from './value-children';
import { previewParts, previewText, resolveRef, type RefIndex } from './value-preview';
import { ValueParts } from './ValueParts';

export interface ValueTreeProps {
  /** An expandable value (object, array, Map, Set, error with stack, DOM node with text); its children are the top rows. */
  value: SerializedValue;
  /** Objects of this value by id (`indexRefs([value])`), to resolve refs lazily (cycles expand on demand). */
  refs: RefIndex;
}

function RowContent({ children }: { children: ReactNode }) {
  return (
    <TreeItemContent>
      {({ hasChildItems }) => (
        <div className="pp-value-row">
          {hasChildItems ? (
            <Button slot="chevron" className="pp-chevron">
              <ChevronRight size={12} aria-hidden />
            </Button>
          ) : (
            <span className="pp-chevron-space" />
          )}
          {children}
        </div>
      )}
    </TreeItemContent>
  );
}

/**
 * The contents of one expanded logged value, built on react-aria-components' Tree so keyboard
 * and screen-reader behaviour is the library's. Children are computed only for expanded rows,
 * which is what makes cyclic values safe: a ref expands to its target one level at a time.
 */
export function ValueTree({ value, refs }: ValueTreeProps) {
  const [expanded, setExpanded] = useState<Set<Key>>(() => new Set());
  const [shown, setShown] = useState<ReadonlyMap<string, number>>(() => new Map());
  const { mapFrames } = useConsoleActions();

  const showMore = (id: string) =>
    setShown((m) => new Map(m).set(id, (m.get(id) ?? CHILD_CHUNK) + CHILD_CHUNK));

  const name = (text: string, kind: string) => (
    <>
      <span className={`pp-name pp-name-${kind}`}>{text}</span>
      <span className="pp-v-punct">: </span>
    </>
  );

  const valueItem = (
    id: string,
    v: SerializedValue,
    ancestors: readonly number[],
    label?: { text: string; kind: string },
  ): ReactNode => {
    const target = resolveRef(v, refs);
    const inner = 'id' in target && target.t !== 'ref' ? [...ancestors, target.id] : ancestors;
    const opts = { refs, ancestors, quote: true };
    const open = expanded.has(id);
    return (
      <TreeItem
        key={id}
        id={id}
        textValue={`${label ? `${label.text}: ` : ''}${previewText(v, opts).slice(0, 200)}`}
        hasChildItems={isExpandable(v, refs)}
        className="pp-tree-item"
      >
        <RowContent>
          {label && name(label.text, label.kind)}
          <ValueParts parts={previewParts(v, opts)} />
        </RowContent>
        {open && childRows(target, refs, shown.get(id)).map((row) => rowItem(id, row, inner))}
      </TreeItem>
    );
  };

  const rowItem = (parent: string, row: ChildRow, ancestors: readonly number[]): ReactNode => {
    const id = `${parent}/${row.key}`;
    switch (row.kind) {
      case 'value':
        return valueItem(id, row.value, ancestors, { text: row.name, kind: row.nameKind });
      case 'mapEntry': {
        const opts = { refs, ancestors, quote: true, level: 1 };
        const text = `${previewText(row.k, opts)} => ${previewText(row.v, opts)}`;
        return (
          <TreeItem
            key={id}
            id={id}
            textValue={`${row.name}: ${text}`}
            hasChildItems
            className="pp-tree-item"
          >
            <RowContent>
              {name(row.name, 'index')}
              <span className="pp-v-punct">{'{'}</span>
              <ValueParts parts={previewParts(row.k, opts)} />
              <span className="pp-v-punct">{' => '}</span>
              <ValueParts parts={previewParts(row.v, opts)} />
              <span className="pp-v-punct">{'}'}</span>
            </RowContent>
            {expanded.has(id) && mapEntryRows(row.k, row.v).map((r) => rowItem(id, r, ancestors))}
          </TreeItem>
        );
      }
      case 'frame': {
        const [frame] = mapFrames([row.frame]);
        return (
          <TreeItem
            key={id}
            id={id}
            textValue={previewText({ t: 'string', v: row.frame.url })}
            className="pp-tree-item"
          >
            <RowContent>{frame && <FrameLink frame={frame} />}</RowContent>
          </TreeItem>
        );
      }
      case 'note':
        return (
          <TreeItem key={id} id={id} textValue={row.text} className="pp-tree-item">
            <RowContent>
              <span className="pp-note">{row.text}</span>
            </RowContent>
          </TreeItem>
        );
      case 'showMore': {
        const text = `Show more (${row.remaining} hidden)`;
        return (
          <TreeItem
            key={id}
            id={id}
            textValue={text}
            onAction={() => showMore(parent)}
            className="pp-tree-item pp-show-more"
          >
            <RowContent>
              <span className="pp-link">{text}</span>
            </RowContent>
          </TreeItem>
        );
      }
    }
  };

  const target = resolveRef(value, refs);
  const ancestors = 'id' in target && target.t !== 'ref' ? [target.id] : [];
  return (
    <Tree
      aria-label={`Contents of ${previewText(value, { refs }).slice(0, 60)}`}
      className="pp-tree"
      expandedKeys={expanded}
      onExpandedChange={setExpanded}
    >
      {childRows(target, refs, shown.get('root')).map((row) => rowItem('root', row, ancestors))}
    </Tree>
  );
}
