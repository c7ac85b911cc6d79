import { describe, expect, it, vi } from 'vitest';
import { ColumnFieldsPlugin } from '../../src/fast-paths/column-fields.ts';

// The plugin's decision, field by field: straight from the row when the row holds the field's columns,
// and through plugin-prisma's per-row check (here `checked`, which loads what is missing) otherwise.
describe("a field over its own row's columns", () => {
  const wrap = (fieldConfig: Record<string, unknown>, checked: (...a: unknown[]) => unknown) =>
    ColumnFieldsPlugin.prototype.wrapResolve.call(
      null as never,
      checked as never,
      { kind: 'PrismaObject', type: { kind: 'Scalar' }, args: {}, extensions: {}, ...fieldConfig } as never,
    ) as (...a: unknown[]) => unknown;

  it('answers from a row that holds its columns, null or not, without the per-row check', () => {
    const checked = vi.fn(() => 'checked');
    const own = vi.fn((row: any) => `own ${row.total}`);
    const resolve = wrap({ extensions: { pothosPrismaSelect: { total: true } }, resolve: own }, checked);
    expect(resolve({ total: 5n }, {}, {}, {})).toBe('own 5');
    expect(resolve({ total: null }, {}, {}, {})).toBe('own null');
    expect(checked).not.toHaveBeenCalled();
  });

  it('goes through the check (which loads the column) for a row that lacks one of its columns', () => {
    const checked = vi.fn(() => 'checked');
    const own = vi.fn(() => 'own');
    const one = wrap({ extensions: { pothosPrismaSelect: { total: true } }, resolve: own }, checked);
    const two = wrap({ extensions: { pothosPrismaSelect: { status: true, dueDate: true } }, resolve: own }, checked);
    expect(one({ id: 'inv_1' }, {}, {}, {})).toBe('checked');
    expect(two({ status: 'OPEN' }, {}, {}, {})).toBe('checked');
    expect(two({ status: 'OPEN', dueDate: '2026-01-01' }, {}, {}, {})).toBe('own');
    expect(own).toHaveBeenCalledTimes(1);
  });

  it(
    'leaves every other field to plugin-prisma: relations, nested selections, object ' + 'answers, arguments, selections made per request',
    () => {
      const checked = () => 'checked';
      const own = () => 'own';
      for (const config of [
        { extensions: { pothosPrismaSelect: { customer: { select: { name: true } } } } },
        { extensions: { pothosPrismaSelect: { total: true } }, type: { kind: 'Object' } },
        { extensions: { pothosPrismaSelect: { total: true } }, type: { kind: 'List', type: { kind: 'Scalar' } } },
        { extensions: { pothosPrismaSelect: { total: true } }, args: { asOf: {} } },
        { extensions: { pothosPrismaSelect: () => ({ total: true }) } },
        { extensions: { pothosPrismaSelect: { total: true } }, kind: 'Object' },
        { extensions: {} },
      ]) {
        expect(wrap({ ...config, resolve: own }, checked), JSON.stringify(config)).toBe(checked);
      }
    },
  );
});
