// Filter fields that mean "equal to": the same test on every list, so an omitted field and an explicit
// null both mean "any".

/** The fields among `names` that the filter gives (neither omitted nor null), as equality conditions. */
export function equalsGiven<F extends object, K extends keyof F>(filter: F, names: readonly K[]): { [P in K]?: NonNullable<F[P]> } {
  const conditions: { [P in K]?: NonNullable<F[P]> } = {};
  for (const name of names) {
    const value = filter[name];
    if (value !== undefined && value !== null) conditions[name] = value as NonNullable<F[K]>;
  }
  return conditions;
}
