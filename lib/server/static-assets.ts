import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

export const STATIC_ASSETS_PREFIX = '/_next/static/';
/** The app's icon (app/icon.svg), which Next serves as a route. */
export const ICON_PATH = '/icon.svg';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.map': 'application/json; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.txt': 'text/plain; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};
// Already compressed formats gain nothing from gzip.
const COMPRESSIBLE = new Set(['.js', '.css', '.map', '.json', '.txt', '.svg']);
// Below this, a gzip header and a second copy cost more than they save.
const MIN_GZIP_BYTES = 1024;

interface Asset {
  type: string;
  etag: string;
  plain: Buffer;
  gzipped: Buffer | undefined;
}

interface StaticAssetsOptions {
  /**
   * The app's icon file (app/icon.svg), answered from memory at ICON_PATH too: Next answers it as
   * a route with `max-age=0, must-revalidate` and no validator, so a browser fetched it again, gzipped
   * again, on every page it opened.
   */
  icon?: string;
}

/**
 * The build's static files (`/_next/static/…`, content-hashed, immutable), read and gzipped once per
 * file and then answered from memory: Next's own static serving compresses every file again for
 * every browser. The files under `.next/static` are a few hundred kilobytes, fixed for the build's
 * life, so all of them may stay. Answers false (not handled) for any other path, and for a file the
 * build does not have, which Next then answers as it always did.
 */
export function createStaticAssets(staticDir: string, options: StaticAssetsOptions = {}) {
  const assets = new Map<string, Promise<Asset | undefined>>();
  const root = path.resolve(staticDir);

  const load = async (file: string): Promise<Asset | undefined> => {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const plain = await readFile(file);
    const extension = path.extname(file);
    const gzipped =
      COMPRESSIBLE.has(extension) && plain.length >= MIN_GZIP_BYTES
        ? await gzipAsync(plain, { level: 9 })
        : undefined;
    return {
      type: TYPES[extension] ?? 'application/octet-stream',
      etag: `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`,
      plain,
      gzipped: gzipped && gzipped.length < plain.length ? gzipped : undefined,
    };
  };

  // Kept by the file it resolves to, never by the path as spelled: `a/../b.js` and `b.js` are one
  // entry, so no spelling of a path makes the map hold a file twice.
  const assetFor = async (relative: string) => {
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep)) return undefined;
    let asset = assets.get(file);
    if (!asset) {
      asset = load(file);
      assets.set(file, asset);
      // A file that is not there is asked of the disk again next time (a build being replaced).
      void asset.then((found) => found || assets.delete(file));
    }
    return asset;
  };

  let icon: Promise<Asset | undefined> | undefined;
  const iconAsset = () => {
    if (!options.icon) return undefined;
    icon ??= load(path.resolve(options.icon));
    return icon;
  };

  /**
   * Answers `/_next/static/…` and the icon from memory; false when the path is another or the file
   * is missing.
   */
  return async function serveStaticAsset(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
  ): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let asset: Asset | undefined;
    // The pages link the icon with a version Next derives from its content (`/icon.svg?icon.<hash>.svg`):
    // that address never changes meaning. The bare path is revalidated, as Next answers it.
    let cacheControl = IMMUTABLE;
    if (pathname === ICON_PATH) {
      asset = await iconAsset();
      if (!(req.url ?? '').includes('?')) cacheControl = 'public, max-age=0, must-revalidate';
    } else if (pathname.startsWith(STATIC_ASSETS_PREFIX)) {
      let relative: string;
      try {
        relative = decodeURIComponent(pathname.slice(STATIC_ASSETS_PREFIX.length));
      } catch {
        return false;
      }
      asset = await assetFor(relative);
    }
    if (!asset) return false;
    const headers: Record<string, string | number> = {
      'Content-Type': asset.type,
      'Cache-Control': cacheControl,
      ETag: asset.etag,
      Vary: 'Accept-Encoding',
    };
    if (req.headers['if-none-match'] === asset.etag) {
      res.writeHead(304, headers).end();
      return true;
    }
    const gzipped = asset.gzipped && /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzipped ? asset.gzipped! : asset.plain;
    if (gzipped) headers['Content-Encoding'] = 'gzip';
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
