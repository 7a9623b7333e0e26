import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageOffset } from './paging';

describe('paging', () => {
  it('counts pages of 10', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('turns a page into an offset', () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(3, 10)).toBe(20);
  });

  it('keeps the page within the list', () => {
    expect(clampPage(5, 21, 10)).toBe(3);
    expect(clampPage(0, 21, 10)).toBe(1);
    expect(clampPage(2, 21, 10)).toBe(2);
  });
});
