import { expect } from 'vitest';

/** Vitest's asymmetric matchers, typed `unknown` (vitest types them `any`, which the lint refuses in literals). */
export const anyString: unknown = expect.any(String);
export const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern);
export const arrayContaining = (items: unknown[]): unknown => expect.arrayContaining(items);
export const objectContaining = (shape: Record<string, unknown>): unknown => expect.objectContaining(shape);
