/** The middle value (the upper of the two middles for an even count); NaN for none. */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
