// A document's tax rows name each rate once: "VAT 8.1%", not "VAT 8.1% 8.1%" when the rate's name says it.
import { expect, it } from 'vitest';
import { taxesByRate } from '../../src/modules/documents/pdf-drawing.ts';

const line = (taxName: string | null, taxRatePpm: number | null, taxAmount: bigint) => ({
  description: 'x',
  quantityMilli: 1000n,
  unitPrice: 100n,
  amount: 100n,
  taxAmount,
  taxRatePpm,
  taxName,
});

it("adds the percentage to a rate's name only when the name does not say it", () => {
  const percent = (ppm: number) => `${ppm / 10_000}%`;
  const german = (ppm: number) => `${String(ppm / 10_000).replace('.', ',')} %`;
  expect(taxesByRate([line('VAT 8.1%', 81_000, 8n), line('VAT 8.1%', 81_000, 2n)], percent)).toEqual([['VAT 8.1%', 10n]]);
  expect(taxesByRate([line('Sales Tax', 88_750, 9n)], percent)).toEqual([['Sales Tax 8.875%', 9n]]);
  expect(taxesByRate([line('MwSt. 8,1 %', 81_000, 8n)], german)).toEqual([['MwSt. 8,1 %', 8n]]);
  // A name with another number is not the rate: "GST 18%" at 8% is named with its rate.
  expect(taxesByRate([line('GST 18%', 80_000, 8n)], percent)).toEqual([['GST 18% 8%', 8n]]);
  expect(taxesByRate([line(null, 100_000, 10n), line('Exempt', 0, 0n)], percent)).toEqual([['Tax 10%', 10n]]);
});
