import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from './csv';

describe('csv', () => {
  it('makes every formula-leading text inert, and leaves numbers numbers', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${lead}SUM(A1)`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('-12.5')).toBe("'-12.5");
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell('BTC/USD')).toBe('BTC/USD');
  });

  it('quotes commas, quotes and line breaks, and leaves empty cells empty', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(false)).toBe('false');
  });

  it('writes a header and one CRLF line per row', () => {
    expect(
      csvText(
        ['a', 'b'],
        [
          [1, 'x'],
          [2, null],
        ],
      ),
    ).toBe('a,b\r\n1,x\r\n2,\r\n');
  });
});
