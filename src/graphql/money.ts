import { currencyDecimals, formatMoney } from '../lib/money.ts';
import type { GraphQLContext } from './context.ts';

/** Minor units as the Money scalar's decimal string, in the caller organization's currency. */
export function money(ctx: GraphQLContext, minor: bigint): string {
  return formatMoney(minor, currencyDecimals(ctx.organization.baseCurrency));
}
