/**
 * Lines shown at once: an invoice may have 1,000 (issue 26), and rendering them all made the page
 * weigh 1.3 MiB and hold the server's event loop for every view; the print view shows them all.
 */
export const LINES_PER_PAGE = 100;

/** The page of lines asked for (`?lines=n`), kept within the invoice's pages. */
export function linesPage(asked: string | string[] | undefined, lineCount: number) {
  const pages = Math.max(1, Math.ceil(lineCount / LINES_PER_PAGE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(String(asked ?? '1'), 10) || 1));
  const start = (page - 1) * LINES_PER_PAGE;
  return { page, pages, start, end: Math.min(lineCount, start + LINES_PER_PAGE) };
}
