import { describe, expect, test } from 'vitest';
import { toCsv } from './csv.ts';

const columns = [
  { header: 'Company', value: (r: { name: string; note: string }) => r.name },
  { header: 'Note', value: (r: { name: string; note: string }) => r.note },
];
const BOM = '\uFEFF';

describe('toCsv', () => {
  test('a header line, then one CRLF-ended record per row, after a byte order mark', () => {
    expect(toCsv(columns, [{ name: 'Acme', note: 'call back' }])).toBe(`${BOM}Company,Note\r\nAcme,call back\r\n`);
  });

  test('no rows is the header alone', () => {
    expect(toCsv(columns, [])).toBe(`${BOM}Company,Note\r\n`);
  });

  test('commas, quotes and line breaks are quoted as RFC 4180 says, quotes doubled', () => {
    const csv = toCsv(columns, [{ name: 'Acme, Inc.', note: 'said "soon"\nthen left' }]);
    expect(csv).toBe(`${BOM}Company,Note\r\n"Acme, Inc.","said ""soon""\nthen left"\r\n`);
  });

  test.each([
    ['=HYPERLINK("http://evil.test","x")', `"'=HYPERLINK(""http://evil.test"",""x"")"`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ['\rcmd', `"'\rcmd"`],
    ['\uFF1D1+1', `'\uFF1D1+1`],
  ])('a cell a spreadsheet would run as a formula (%j) starts with an apostrophe', (value, cell) => {
    expect(toCsv(columns, [{ name: value, note: '' }])).toBe(`${BOM}Company,Note\r\n${cell},\r\n`);
  });

  test('a cell with a lone line feed or carriage return is quoted', () => {
    expect(toCsv(columns, [{ name: 'a\nb', note: 'c\rd' }])).toBe(`${BOM}Company,Note\r\n"a\nb","c\rd"\r\n`);
  });

  test('a formula character inside a cell (not first) is left alone', () => {
    expect(toCsv(columns, [{ name: 'A=B', note: 'x@y.test' }])).toBe(`${BOM}Company,Note\r\nA=B,x@y.test\r\n`);
  });
});
