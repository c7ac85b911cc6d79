// The costing of stock (src/modules/inventory/costing.ts) against what its users rely on, over random
// sequences of purchases, sales, returns and revaluations, backdated and recorded in any order (fast-check):
// the books tie (cost in = cost of goods sold + value on hand, to the minor unit), FIFO sells the oldest
// units first (held to a model that keeps every unit's cost in a queue), the average costs a sale at the
// pool's average, and a sale of more than is on hand is refused, naming it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageUnitCost,
  type CostingMethod,
  costCorrections,
  replayStock,
  type StockMovement,
} from '../../src/modules/inventory/costing.ts';

const DATES = ['2026-01-05', '2026-01-20', '2026-02-03', '2026-02-28', '2026-03-15'];

/** A movement before it has an id and seq: in (with its cost), out, or a change of value. */
const move = fc.oneof(
  fc.record({ date: fc.constantFrom(...DATES), quantityMilli: fc.bigInt(1n, 20_000n), costMinor: fc.bigInt(0n, 100_000n) }),
  fc.record({ date: fc.constantFrom(...DATES), quantityMilli: fc.bigInt(-20_000n, -1n) }),
  fc.record({ date: fc.constantFrom(...DATES), quantityMilli: fc.constant(0n), costMinor: fc.bigInt(-5_000n, 5_000n) }),
);
const numbered = (drafts: Omit<StockMovement, 'id' | 'seq'>[]): StockMovement[] => drafts.map((d, i) => ({ ...d, id: `m${i}`, seq: i }));
const inDateOrder = (movements: StockMovement[]) => [...movements].sort((a, b) => a.date.localeCompare(b.date) || a.seq - b.seq);
const methods: CostingMethod[] = ['FIFO', 'AVERAGE'];

describe('costing stock', () => {
  it('ties: cost received and revalued = cost of goods sold + value on hand, on both methods, in any recorded order', () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 40 }), fc.constantFrom(...methods), fc.integer(), (drafts, method, seed) => {
        const movements = numbered(drafts);
        const replay = replayStock(method, movements);
        // Recorded in another order, replayed the same: the date and seq decide.
        const shuffled = [...movements].sort((a, b) => ((a.seq * 7919 + seed) % 101) - ((b.seq * 7919 + seed) % 101));
        expect(replayStock(method, shuffled)).toEqual(replay);
        if (!replay.ok) return;
        let received = 0n;
        let sold = 0n;
        for (const m of replay.movements) {
          if (m.quantityMilli < 0n) sold += m.costMinor;
          else received += m.costMinor;
        }
        expect(received - sold).toBe(replay.valueMinor);
        expect(replay.quantityMilli).toBe(movements.reduce((q, m) => q + m.quantityMilli, 0n));
        expect(replay.layers.reduce((v, l) => v + l.costMinor, 0n)).toBe(replay.valueMinor);
        expect(replay.layers.reduce((q, l) => q + l.quantityMilli, 0n)).toBe(replay.quantityMilli);
        if (method === 'AVERAGE') expect(replay.layers.length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('refuses the first movement, in date order, that takes more than is on hand', () => {
    const inOrOut = fc.oneof(
      fc.record({ date: fc.constantFrom(...DATES), quantityMilli: fc.bigInt(1n, 20_000n), costMinor: fc.bigInt(0n, 100_000n) }),
      fc.record({ date: fc.constantFrom(...DATES), quantityMilli: fc.bigInt(-20_000n, -1n) }),
    );
    fc.assert(
      fc.property(fc.array(inOrOut, { maxLength: 30 }), fc.constantFrom(...methods), (drafts, method) => {
        const movements = numbered(drafts);
        let onHand = 0n;
        const first = inDateOrder(movements).find((m) => {
          if (-m.quantityMilli > onHand) return true;
          onHand += m.quantityMilli;
          return false;
        });
        const replay = replayStock(method, movements);
        if (!first) expect(replay.ok).toBe(true);
        else
          expect(replay).toEqual({
            ok: false,
            short: { id: first.id, date: first.date, wantedMilli: -first.quantityMilli, onHandMilli: onHand },
          });
      }),
    );
  });

  it('FIFO sells the oldest units first: each sale costs exactly what a queue of every unit says', () => {
    const wholeUnits = fc.oneof(
      fc.record({ date: fc.constantFrom(...DATES), units: fc.integer({ min: 1, max: 12 }), unitCost: fc.integer({ min: 0, max: 5_000 }) }),
      fc.record({ date: fc.constantFrom(...DATES), units: fc.integer({ min: -12, max: -1 }) }),
    );
    fc.assert(
      fc.property(fc.array(wholeUnits, { maxLength: 40 }), (drafts) => {
        const movements = numbered(
          drafts.map((d) => ({
            date: d.date,
            quantityMilli: BigInt(d.units) * 1000n,
            ...('unitCost' in d ? { costMinor: BigInt(d.units * d.unitCost) } : {}),
          })),
        );
        const replay = replayStock('FIFO', movements);
        // The model: every unit's cost in a queue; a sale takes from its front.
        const queue: number[] = [];
        const costs = new Map<string, number>();
        for (const m of inDateOrder(movements)) {
          const units = Number(m.quantityMilli / 1000n);
          if (units > 0) {
            for (let i = 0; i < units; i++) queue.push(Number(m.costMinor) / units);
          } else if (-units > queue.length) {
            expect(replay.ok ? 'accepted' : replay.short.id).toBe(m.id);
            return;
          } else
            costs.set(
              m.id,
              queue.splice(0, -units).reduce((sum, c) => sum + c, 0),
            );
        }
        if (!replay.ok) throw new Error(`refused ${replay.short.id}, which the model accepts`);
        for (const m of replay.movements) if (m.quantityMilli < 0n) expect(m.costMinor).toBe(BigInt(costs.get(m.id)!));
        expect(replay.valueMinor).toBe(BigInt(queue.reduce((sum, c) => sum + c, 0)));
      }),
    );
  });

  it('the average costs a sale at the pool average (rounded half up), and the last unit out takes the rest', () => {
    const movements = numbered([
      { date: '2026-01-05', quantityMilli: 3000n, costMinor: 1000n }, // 3 at 3.33…
      { date: '2026-01-06', quantityMilli: 1500n, costMinor: 1100n }, // 1.5 more: 4.5 units for 21.00
      { date: '2026-01-07', quantityMilli: -2000n },
      { date: '2026-01-08', quantityMilli: -2500n },
    ]);
    const replay = replayStock('AVERAGE', movements);
    expect(replay.ok).toBe(true);
    if (!replay.ok) return;
    // 2 of 4.5 units worth 21.00: 9.333… → 9.33; the last 2.5 units take the 11.67 left.
    expect(replay.movements.map((m) => [m.costMinor, m.quantityAfterMilli, m.valueAfterMinor])).toEqual([
      [1000n, 3000n, 1000n],
      [1100n, 4500n, 2100n],
      [933n, 2500n, 1167n],
      [1167n, 0n, 0n],
    ]);
    expect(averageUnitCost(4500n, 2100n)).toBe(467n);
    expect(averageUnitCost(0n, 0n)).toBeNull();
    // FIFO on the same: the first 2 units at 3.33…, then the last unit of the first lot and 1.5 of the second.
    const fifo = replayStock('FIFO', movements);
    expect(fifo.ok && fifo.movements.map((m) => m.costMinor)).toEqual([1000n, 1100n, 667n, 1433n]);
  });

  it('a write-down lowers what is on hand, and what is sold after it costs less; a write-down past the value is refused', () => {
    const movements = numbered([
      { date: '2026-01-05', quantityMilli: 2000n, costMinor: 2000n },
      { date: '2026-01-06', quantityMilli: 2000n, costMinor: 6000n },
      { date: '2026-01-07', quantityMilli: 0n, costMinor: -4000n },
      { date: '2026-01-08', quantityMilli: -4000n },
    ]);
    for (const method of methods) {
      const replay = replayStock(method, movements);
      expect(replay.ok && replay.movements.map((m) => m.valueAfterMinor)).toEqual([2000n, 8000n, 4000n, 0n]);
    }
    // FIFO spreads it by the layers' values: 1,000 off the first, 3,000 off the second; never below nothing.
    const fifo = replayStock('FIFO', movements.slice(0, 3));
    expect(fifo.ok && fifo.layers.map((l) => l.costMinor)).toEqual([1000n, 3000n]);
    const tooMuch = replayStock('AVERAGE', [
      ...movements.slice(0, 2),
      { id: 'w', date: '2026-01-07', seq: 9, quantityMilli: 0n, costMinor: -8001n },
    ]);
    expect(tooMuch).toMatchObject({ ok: false, short: { id: 'w', wantedMilli: 0n, onHandMilli: 4000n } });
  });

  it('a backdated purchase recosts the sales after it: corrections bring each posted cost to the new one, never inside a locked period', () => {
    fc.assert(
      fc.property(
        fc.array(move, { maxLength: 30 }),
        fc.record({ date: fc.constantFrom(...DATES), quantityMilli: fc.bigInt(1n, 20_000n), costMinor: fc.bigInt(0n, 100_000n) }),
        fc.constantFrom(...methods),
        fc.option(fc.constantFrom(...DATES), { nil: null }),
        (drafts, late, method, lockDate) => {
          const before = replayStock(method, numbered(drafts));
          if (!before.ok) return;
          // The late purchase is recorded last, whatever its date.
          const after = replayStock(method, [...numbered(drafts), { ...late, id: 'late', seq: drafts.length }]);
          expect(after.ok).toBe(true);
          if (!after.ok) return;
          const posted = new Map(before.movements.filter((m) => m.quantityMilli < 0n).map((m) => [m.id, m.costMinor]));
          const corrections = costCorrections(posted, after, lockDate);
          // Posted plus its corrections is the new cost, sale by sale; nothing is dated on or before the lock.
          for (const m of after.movements.filter((c) => c.quantityMilli < 0n)) {
            const corrected = corrections.filter((c) => c.movementId === m.id).reduce((sum, c) => sum + c.amountMinor, posted.get(m.id)!);
            expect(corrected).toBe(m.costMinor);
          }
          for (const c of corrections) {
            if (lockDate !== null) expect(c.date > lockDate).toBe(true);
            expect(c.movedPastLock).toBe(lockDate !== null && after.movements.find((m) => m.id === c.movementId)!.date <= lockDate);
          }
          // Only sales on or after the late purchase's date can change.
          for (const c of corrections) expect(after.movements.find((m) => m.id === c.movementId)!.date >= late.date).toBe(true);
        },
      ),
    );
  });
});
