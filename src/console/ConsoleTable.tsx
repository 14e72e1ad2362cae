import { previewText, type RefIndex } from './value-preview';
import type { TableModel } from './table-model';

/** console.table as a real HTML table; every cell is preview text, never markup. */
export function ConsoleTable({ model, refs }: { model: TableModel; refs: RefIndex }) {
  return (
    <div className="pp-table-wrap">
      <table className="pp-table">
        <thead>
          <tr>
            <th scope="col">{model.indexHeader}</th>
            {model.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {model.rows.map((row) => (
            <tr key={row.index}>
              <th scope="row">{row.index}</th>
              {row.cells.map((cell, i) => (
                <td key={i}>{cell ? previewText(cell, { refs, quote: true, level: 1 }) : ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
        {model.more > 0 && (
          <tfoot>
            <tr>
              <td colSpan={model.columns.length + 1} className="pp-note">
                … {model.more} more rows not captured
              </td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
