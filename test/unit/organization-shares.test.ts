// Who carries the load when the server is behind: an organization's recent cost decays with time, and the
// one at or above the mean of the active organizations is shed while quieter ones are served.
import { expect, it } from 'vitest';
import { organizationShares } from '../../src/http/load-shedding.ts';

it('sheds the organization at or above the mean recent cost; a quiet or new one is served', () => {
  let now = 0;
  const shares = organizationShares(() => now);
  expect(shares.heavy('org_a')).toBe(true); // nothing known: the server alone is behind
  for (let i = 0; i < 20; i++) shares.record('org_a', 0.002);
  shares.record('org_b', 0.05);
  expect(shares.heavy('org_a')).toBe(true);
  expect(shares.heavy('org_b')).toBe(false);
  expect(shares.heavy('org_new')).toBe(false);
  // A minute later A's burst has decayed away; what B does now weighs more.
  now = 60_000;
  for (let i = 0; i < 5; i++) shares.record('org_b', 0.002);
  expect(shares.heavy('org_b')).toBe(true);
  expect(shares.heavy('org_a')).toBe(false);
});
