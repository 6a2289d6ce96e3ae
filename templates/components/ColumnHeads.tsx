/** A table's column headings, in a row of its head: the price tables of /preise and the order form. */
export function ColumnHeads({ columns }: { columns: readonly string[] }) {
  return (
    <>
      {columns.map((column) => (
        <th key={column} scope="col">
          {column}
        </th>
      ))}
    </>
  );
}
