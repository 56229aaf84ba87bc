import type { PageCopy } from './next-page-copy';

export interface StoredPage extends PageCopy {
  /** The registration's version the page was rendered from (see getRegistrationVersion). */
  version: string;
  expiresAt: number;
}

/** Rendered wizard pages by path, least recently used dropped first, bounded in bytes. */
export class PageStore {
  readonly #pages = new Map<string, StoredPage>();
  #bytes = 0;

  constructor(readonly maxBytes = 32 * 1024 * 1024) {}

  get size() {
    return this.#pages.size;
  }

  get(path: string, version: string, now = Date.now()): StoredPage | undefined {
    const page = this.#pages.get(path);
    if (!page) return undefined;
    if (page.version !== version || page.expiresAt <= now) {
      this.#delete(path, page);
      return undefined;
    }
    // Re-inserted so the Map's order stays least recently used first.
    this.#pages.delete(path);
    this.#pages.set(path, page);
    return page;
  }

  set(path: string, page: StoredPage) {
    const old = this.#pages.get(path);
    if (old) this.#delete(path, old);
    const bytes = sizeOf(page);
    if (bytes > this.maxBytes / 4) return;
    this.#pages.set(path, page);
    this.#bytes += bytes;
    for (const [oldest, stored] of this.#pages) {
      if (this.#bytes <= this.maxBytes) break;
      this.#delete(oldest, stored);
    }
  }

  #delete(path: string, page: StoredPage) {
    this.#pages.delete(path);
    this.#bytes -= sizeOf(page);
  }
}

const sizeOf = (page: StoredPage) => page.body.length * 2 + 1024;
