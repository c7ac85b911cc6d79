// The cost of goods that leave and the value of those on the shelf, for one tracked product: its stock
// movements replayed in date order under the organization's costing method, FIFO (QuickBooks Online) or
// weighted average (Xero). Pure, so a backdated purchase recosts every later sale by replaying again,
// and the caller posts the differences. Quantities are thousandths of a unit (as document lines'
// quantityMilli: a fixed-scale decimal, never a float); money is minor units of the home currency.
// Every share of a cost rounds half up and what it leaves stays in the stock, so whatever the sequence,
// cost received + adjustments = cost of goods sold + value on hand, to the minor unit.
//
// Selling more than is on hand is refused (the first movement that would take the quantity below zero is
// named): Xero's policy for tracked items. QuickBooks' negative stock, corrected when goods arrive, is not
// offered.
import { divRoundHalfUp } from '../documents/arithmetic.ts';

export type CostingMethod = 'FIFO' | 'AVERAGE';

/** A product's stock moving: goods in (a bill, opening stock, a return), out (a sale), or its value alone. */
export interface StockMovement {
  id: string;
  /** YYYY-MM-DD: movements are replayed by date, then `seq`. */
  date: string;
  /** Its place among movements of the same date (the order they were recorded). */
  seq: number;
  /** Thousandths of a unit: positive in, negative out, 0 for a change of value alone. */
  quantityMilli: bigint;
  /** Goods in and value changes: their cost (minor units; a write-down is negative). Goods out: left out, the method's. */
  costMinor?: bigint;
}

/** A movement as the replay costed it, with the stock after it. */
export interface CostedMovement {
  id: string;
  date: string;
  quantityMilli: bigint;
  /** Goods in: what they added to the stock's value; goods out: their cost of goods sold (positive). */
  costMinor: bigint;
  quantityAfterMilli: bigint;
  valueAfterMinor: bigint;
}

/** A FIFO layer: goods received together, what is left of them and of their cost. */
export interface CostLayer {
  date: string;
  quantityMilli: bigint;
  costMinor: bigint;
}

export type Replay =
  | { ok: true; movements: CostedMovement[]; quantityMilli: bigint; valueMinor: bigint; layers: CostLayer[] }
  | {
      ok: false;
      /**
       * The first movement that would take more than is on hand, and what was on hand then (a change of value
       * alone, `wantedMilli` 0: on no stock, or taking the value below nothing).
       */
      short: { id: string; date: string; wantedMilli: bigint; onHandMilli: bigint };
    };

const byDateThenSeq = (a: StockMovement, b: StockMovement) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq);

/** `part` thousandths of a stock of `quantity` holding `cost`: its share of the cost, all of it when it is all. */
const shareOf = (cost: bigint, part: bigint, quantity: bigint) => (part === quantity ? cost : divRoundHalfUp(cost * part, quantity));

/**
 * Spreads a change of value over the layers, in proportion to their value (to their quantity while they
 * are worth nothing), so a write-down leaves no layer below nothing; the newest takes what rounding leaves.
 */
function spread(layers: CostLayer[], change: bigint, quantity: bigint, value: bigint) {
  const weigh = (layer: CostLayer) => (value > 0n ? layer.costMinor : layer.quantityMilli);
  const total = value > 0n ? value : quantity;
  const size = change < 0n ? -change : change;
  let left = change;
  layers.forEach((layer, i) => {
    const part = divRoundHalfUp(size * weigh(layer), total);
    const share = i === layers.length - 1 ? left : change < 0n ? -part : part;
    layer.costMinor += share;
    left -= share;
  });
}

/**
 * Replays a product's movements (in any order: they are sorted by date and seq) under `method`: each
 * one's cost and the stock after it, and the stock at the end (FIFO: its layers, oldest first). To
 * value the stock as at a date, replay the movements up to it.
 */
export function replayStock(method: CostingMethod, movements: readonly StockMovement[]): Replay {
  const layers: CostLayer[] = [];
  let quantity = 0n;
  let value = 0n;
  const costed: CostedMovement[] = [];
  for (const m of [...movements].sort(byDateThenSeq)) {
    let cost: bigint;
    if (m.quantityMilli > 0n) {
      cost = m.costMinor ?? 0n;
      // FIFO keeps each receipt apart; the average is one layer (one pool).
      if (method === 'FIFO' || layers.length === 0) layers.push({ date: m.date, quantityMilli: m.quantityMilli, costMinor: cost });
      else {
        layers[0]!.quantityMilli += m.quantityMilli;
        layers[0]!.costMinor += cost;
      }
    } else if (m.quantityMilli === 0n) {
      cost = m.costMinor ?? 0n;
      // A value changes only with goods on hand, and never below nothing: refused as a sale of what is not there.
      if ((quantity === 0n && cost !== 0n) || value + cost < 0n)
        return { ok: false, short: { id: m.id, date: m.date, wantedMilli: 0n, onHandMilli: quantity } };
      if (cost !== 0n) spread(layers, cost, quantity, value);
    } else {
      const wanted = -m.quantityMilli;
      if (wanted > quantity) return { ok: false, short: { id: m.id, date: m.date, wantedMilli: wanted, onHandMilli: quantity } };
      cost = 0n;
      for (let left = wanted; left > 0n; ) {
        const layer = layers[0]!;
        const take = left < layer.quantityMilli ? left : layer.quantityMilli;
        const share = shareOf(layer.costMinor, take, layer.quantityMilli);
        layer.quantityMilli -= take;
        layer.costMinor -= share;
        cost += share;
        left -= take;
        if (layer.quantityMilli === 0n) layers.shift();
      }
    }
    quantity += m.quantityMilli;
    value += m.quantityMilli < 0n ? -cost : cost;
    costed.push({
      id: m.id,
      date: m.date,
      quantityMilli: m.quantityMilli,
      costMinor: cost,
      quantityAfterMilli: quantity,
      valueAfterMinor: value,
    });
  }
  return { ok: true, movements: costed, quantityMilli: quantity, valueMinor: value, layers };
}

/** The average cost of a unit on hand (minor units, rounded half up), or null with nothing on hand. */
export const averageUnitCost = (quantityMilli: bigint, valueMinor: bigint) =>
  quantityMilli > 0n ? divRoundHalfUp(valueMinor * 1000n, quantityMilli) : null;

/** A change to a cost already posted: what a replay moved, and the day it is posted on. */
export interface CostCorrection {
  movementId: string;
  /** The movement's date, or the day after the lock date when the movement lies in a locked period. */
  date: string;
  /** New cost less the cost posted (minor units): more cost of goods sold when positive. */
  amountMinor: bigint;
  /** True when it could not be dated with its movement because the period is locked. */
  movedPastLock: boolean;
}

const dayAfter = (date: string) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/**
 * What a replay changed in the costs already posted (`posted`: each goods-out movement's cost as posted,
 * by id; one not posted yet counts as 0): a correction for each, dated with its movement, or, when that
 * day is on or before the lock date, on the day after it, so a locked period never changes.
 */
export function costCorrections(posted: ReadonlyMap<string, bigint>, replay: Replay & { ok: true }, lockDate: string | null) {
  const corrections: CostCorrection[] = [];
  for (const m of replay.movements) {
    if (m.quantityMilli >= 0n) continue;
    const amount = m.costMinor - (posted.get(m.id) ?? 0n);
    if (amount === 0n) continue;
    const locked = lockDate !== null && m.date <= lockDate;
    corrections.push({ movementId: m.id, date: locked ? dayAfter(lockDate) : m.date, amountMinor: amount, movedPastLock: locked });
  }
  return corrections;
}
