import { InvalidArgumentError } from 'commander';

/** A command-line option's parser for a whole number of at least `min`, for the benchmark scripts. */
export const integerOption = (min: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`expected an integer ≥ ${min}`);
  return n;
};
