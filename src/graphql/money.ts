import { currencyDecimals, formatMoney } from '../lib/money.ts';
import type { GraphQLContext } from './context.ts';

/** Minor units as the Money scalar's decimal string, in the caller organization's currency. */
export function money(ctx: GraphQLContext, minor: bigint): string {
  return formatMoney(minor, currencyDecimals(ctx.organization.baseCurrency));
}

/** Minor units of `currency` (null: the organization's home currency) as the Money scalar's decimal string. */
export function moneyIn(ctx: GraphQLContext, currency: string | null | undefined, minor: bigint): string {
  return formatMoney(minor, currencyDecimals(currency ?? ctx.organization.baseCurrency));
}
