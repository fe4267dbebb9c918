/**
 * Maps items through an async function with at most `limit` calls in flight, answering the results
 * in the items' order. On the first failure no further item is started; the calls in flight are let
 * finish (an activity retried at once must not race its own earlier writes), then the failure is thrown.
 */
export async function boundedMap<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index], index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failure) throw failure.error;
  return results;
}
