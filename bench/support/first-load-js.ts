import { gzipSync } from 'node:zlib';

/** Sum of the gzip sizes of the JavaScript a first visit to `url` downloads (its <script src> tags). */
export async function firstLoadJsBytes(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const sources = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  const unique = [...new Set(sources)];
  let total = 0;
  for (const src of unique) {
    const body = Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}
