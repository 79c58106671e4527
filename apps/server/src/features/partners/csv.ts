import { stringify } from 'csv-stringify/sync';

// CSV for the operators' exports (issue 21). RFC 4180: fields with a comma, a quote or a line break
// are quoted, quotes doubled, records end with CRLF. Cells come from strangers (a company's name is
// whatever the landing form was sent), so a cell a spreadsheet would run as a formula (starting
// with = + - @, a tab or a CR, or their full-width forms) is prefixed with an apostrophe
// (OWASP "CSV injection"); csv-stringify's escape_formulas does exactly that. A byte order mark
// first, so spreadsheet programs read the file as UTF-8.

export type CsvColumn<T> = { header: string; value: (row: T) => string };

/** The rows as a CSV document with a header line. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  return stringify(
    rows.map((row) => columns.map((c) => c.value(row))),
    {
      bom: true,
      header: true,
      columns: columns.map((c) => c.header),
      record_delimiter: 'windows',
      // Also quote a cell holding a lone CR or LF (by default only the record delimiter itself is).
      quote_record_delimiter: true,
      escape_formulas: true,
      cast: { string: (value) => value },
    },
  );
}
