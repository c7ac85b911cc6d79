// Updates that change nothing write nothing (and emit no event): this keeps only the columns whose
// new value differs from the row's current one.
const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);

export function changedColumns<Row extends Record<string, unknown>>(before: Row, columns: Record<string, unknown>): Partial<Row> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(columns)) if (value !== undefined && !same(before[key], value)) out[key] = value;
  return out as Partial<Row>;
}
