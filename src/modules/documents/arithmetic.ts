// Document arithmetic (invoices, bills, credit notes, receipts), exact in minor units. Rounding rule
// (docs/rest-api.md): each line is rounded on its own, half up (half away from zero; every amount
// here is non-negative):
//   gross    = round(quantity × unit price)
//   discount = round(gross × discount rate)
//   amount   = gross − discount              (the line's net amount)
//   tax      = round(amount × tax rate)
// and the document totals are plain sums of the rounded line figures, so lines always add up to the
// totals to the cent: subtotal = Σ gross, discountTotal = Σ discount, taxTotal = Σ tax,
// total = subtotal − discountTotal + taxTotal.

/** Largest line amount in minor units; 200 lines of it still fit a signed 64-bit total. */
export const MAX_LINE_GROSS = 10n ** 16n;

/** n / d rounded half up, for n >= 0 and d > 0. */
export function divRoundHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

export interface LineFigures {
  gross: bigint;
  discount: bigint;
  amount: bigint;
  tax: bigint;
}

/** quantityMilli: quantity × 1000; rates in parts per million. */
export function lineFigures(quantityMilli: bigint, unitPrice: bigint, discountPpm: number, taxRatePpm: number | null): LineFigures {
  const gross = divRoundHalfUp(quantityMilli * unitPrice, 1000n);
  const discount = divRoundHalfUp(gross * BigInt(discountPpm), 1_000_000n);
  const amount = gross - discount;
  const tax = divRoundHalfUp(amount * BigInt(taxRatePpm ?? 0), 1_000_000n);
  return { gross, discount, amount, tax };
}

export function invoiceTotals(lines: LineFigures[]) {
  const subtotal = lines.reduce((s, l) => s + l.gross, 0n);
  const discountTotal = lines.reduce((s, l) => s + l.discount, 0n);
  const taxTotal = lines.reduce((s, l) => s + l.tax, 0n);
  return { subtotal, discountTotal, taxTotal, total: subtotal - discountTotal + taxTotal };
}

/** Parses a quantity ("1.5", 2) into thousandths; at most 3 decimals, above 0. */
export function parseQuantity(value: unknown): bigint | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(text);
  if (!match) return undefined;
  const milli = BigInt(match[1]) * 1000n + BigInt((match[2] ?? '').padEnd(3, '0'));
  return milli > 0n ? milli : undefined;
}

export function formatQuantity(milli: bigint): string {
  // On the digits, as formatMoney does: a page formats a quantity a line, and BigInt division allocates.
  const digits = milli.toString().padStart(4, '0');
  const fraction = digits.slice(-3).replace(/0+$/, '');
  return fraction ? `${digits.slice(0, -3)}.${fraction}` : digits.slice(0, -3);
}
