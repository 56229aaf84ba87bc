import { describe, expect, it } from 'vitest';
import {
  LINES_PER_PAGE,
  linesPage,
} from '@/app/[locale]/console/(signed-in)/invoices/[id]/lines-page';

describe('the page of lines the console shows of an invoice', () => {
  it('shows a small invoice whole, on one page', () => {
    expect(linesPage(undefined, 7)).toEqual({ page: 1, pages: 1, start: 0, end: 7 });
  });

  it('splits the largest allowed invoice (1,000 lines) into pages of LINES_PER_PAGE', () => {
    expect(LINES_PER_PAGE).toBe(100);
    expect(linesPage('3', 1_000)).toEqual({ page: 3, pages: 10, start: 200, end: 300 });
    expect(linesPage('10', 1_000)).toEqual({ page: 10, pages: 10, start: 900, end: 1_000 });
    expect(linesPage('2', 150)).toEqual({ page: 2, pages: 2, start: 100, end: 150 });
  });

  it('keeps whatever the address asks for within the pages there are', () => {
    expect(linesPage('99', 250).page).toBe(3);
    expect(linesPage('0', 250).page).toBe(1);
    expect(linesPage('-4', 250).page).toBe(1);
    expect(linesPage('abc', 250).page).toBe(1);
    expect(linesPage(['2', '3'], 250).page).toBe(2);
    expect(linesPage('1', 0)).toEqual({ page: 1, pages: 1, start: 0, end: 0 });
  });
});
