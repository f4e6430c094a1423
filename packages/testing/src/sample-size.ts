/**
 * The two test tiers. The default run (`npm test`) takes a small sample of every long random
 * sweep (property tests, cross-checks against reference generators, parser fuzzing, browser
 * walks, engine matches) so that it stays quick; the deep tier (`npm run test:deep`, which sets
 * CITADEL_DEEP=1, and CI) runs the same checks at full size. Both tiers run every kind of check.
 */

/** Reads the CITADEL_DEEP setting: unset, empty or `0` is the default tier, `1` the deep tier. */
export function readDeep(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new Error(`CITADEL_DEEP must be 1 (deep tier) or 0 / unset (default tier), not '${value}'`);
}

/** True in the deep tier (CITADEL_DEEP=1). */
export const DEEP: boolean = readDeep(process.env['CITADEL_DEEP']);

/**
 * The sample size of a sweep: `quick` in the default tier, `deep` in the deep tier. Both must be
 * positive whole numbers and `deep` at least `quick`, so the deep tier never checks less.
 */
export function sampleSize(quick: number, deep: number, deepTier: boolean = DEEP): number {
  for (const [name, n] of [
    ['quick', quick],
    ['deep', deep],
  ] as const)
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`sampleSize: the ${name} size must be a positive whole number, not ${n}`);
  if (deep < quick)
    throw new Error(`sampleSize: the deep size (${deep}) is smaller than the quick one (${quick})`);
  return deepTier ? deep : quick;
}

/**
 * The items a sweep visits, in the order of `all`: every one of them in the deep tier, only those
 * in `quick` (chosen by the test to cover the distinct cases) in the default tier.
 */
export function sampleOf<T>(
  all: readonly T[],
  quick: readonly NoInfer<T>[],
  deepTier: boolean = DEEP,
): T[] {
  if (quick.length === 0) throw new Error('sampleOf: the quick sample is empty');
  for (const item of quick)
    if (!all.includes(item)) throw new Error(`sampleOf: ${String(item)} is not one of the items`);
  return deepTier ? [...all] : all.filter((item) => quick.includes(item));
}
