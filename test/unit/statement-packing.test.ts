// A statement read in the heavy-work pool crosses to the request thread packed (a column a field, joined by
// NUL): what the import unpacks must be exactly what the reader read, whatever the text holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dedupeKeys, type StatementLine } from '../../src/modules/banking/statement-files.ts';
import { packLines, readStatementPacked, unpackLines } from '../../src/modules/banking/statement-packing.ts';

const line = fc.record({
  date: fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  amount: fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
  description: fc.string({ unit: 'grapheme', maxLength: 40 }),
  counterparty: fc.option(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), { nil: null }),
  reference: fc.option(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }), { nil: null }),
  fileLine: fc.nat(),
});
/** Control characters are read as spaces, as the packing promises; a text of only spaces stays as it is. */
const asStored = (text: string | null) => (text === null ? null : text.replace(/[\u0000-\u001f\u007f]/g, ' ') || null);

describe('packed statement lines', () => {
  it('unpack to the lines read: dates, exact amounts, texts (control characters as spaces), none as none, keys', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines: StatementLine[]) => {
        const keys = dedupeKeys(lines);
        const back = unpackLines(structuredClone(packLines(lines, keys)));
        expect(back).toEqual(
          lines.map((l, i) => ({
            date: l.date,
            amount: l.amount,
            description: asStored(l.description) ?? '',
            counterparty: asStored(l.counterparty),
            reference: asStored(l.reference),
            key: keys[i],
          })),
        );
      }),
    );
  });

  it('a NUL in a description does not shift the columns', () => {
    const read = readStatementPacked({
      format: 'csv',
      text: 'Date,Amount,Description\n2026-11-02,-4.50,COFFEE\u0000SHOP\n2026-11-03,10.00,REFUND',
      decimals: 2,
      layout: {
        dateColumn: 'Date',
        amountColumn: 'Amount',
        descriptionColumn: 'Description',
        dateFormat: 'YYYY-MM-DD',
        decimalSeparator: '.',
        delimiter: ',',
        skipLines: 0,
      },
    });
    const lines = unpackLines(read.lines);
    expect(lines.map((l) => l.description)).toEqual(['COFFEE SHOP', 'REFUND']);
    expect(lines.map((l) => l.amount)).toEqual([-450n, 1000n]);
    expect(read.fileHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
