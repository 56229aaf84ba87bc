import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { computeCacheBustingSearchParam } from 'next/dist/shared/lib/router/utils/cache-busting-search-param.js';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The path the answer came from, after any redirects followed. */
  path: string;
}

/** The name of a step's requests the browser sends beside what the supplier waits on. */
export const BESIDE = 'beside the steps: ';

/** One request the journey sent and how long its answer took, under the step it belongs to. */
export type Recorder = (step: string, ms: number) => void;

const CHROMIUM = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  'accept-language': 'es-AR',
  'accept-encoding': 'gzip',
};
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** The address the bench's requests come from: the reverse proxy in front of the app (TRUST_PROXY). */
export const PROXY_ADDRESS = '127.0.0.2';
const CLOSED_UNANSWERED = new Set(['ECONNRESET', 'EPIPE']);
// A person shown "busy, try again in a few seconds" reloads a few times, then gives up.
const BUSY_RETRIES = 20;

/**
 * The requests Chromium sends for a Next.js app, without a browser: documents and their static
 * assets (each fetched once, then cached), client-side navigations (Next's
 * RSC requests with their router headers and `_rsc` hash), server actions (`Next-Action`), plain
 * form posts; redirects followed. `origin()` picks the instance for each request (a load balancer
 * in front of several); `address` is the supplier's, as the trusted proxy forwards it. Like
 * Chromium, at most six connections at a time, kept alive. A `503` with `Retry-After` (the app's
 * admission control: the request was not handled) is waited out and sent again, as a person
 * reloading the page or sending the form again would, up to BUSY_RETRIES times.
 */
export class SupplierBrowser {
  private readonly cached = new Set<string>();
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  /** Action redirects that came without the new page, which the browser then fetched itself. */
  refetchedRedirects = 0;
  /** Requests sent again because a kept-alive connection was closed before it answered. */
  resent = 0;
  /** Answers "busy, retry after N s" (503 with Retry-After) waited out and sent again: waits, not errors. */
  busyWaits = 0;
  /** How long those waits took in all (ms). */
  busyWaitedMs = 0;

  constructor(
    private readonly origin: () => string,
    private readonly address: string,
  ) {}

  /** A page typed or followed as a link: the document, redirects followed, then its scripts and styles. */
  async document(path: string, record: Recorder, step: string): Promise<Answer> {
    const started = performance.now();
    const answer = await this.follow(path, { method: 'GET', headers: { accept: 'text/html' } });
    record(step, performance.now() - started);
    await this.assets(answer.text, record);
    return answer;
  }

  /** A plain HTML form post (the simulated ARCA's pages), redirects followed. */
  async submit(path: string, fields: Record<string, string>): Promise<Answer> {
    return this.follow(path, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** A client-side navigation from `from` (a page of the app) to `path`: Next's RSC request. */
  async navigate(path: string, from: string): Promise<Answer> {
    const tree = routerStateTree(from);
    return this.rsc(path, { 'next-router-state-tree': tree, 'next-url': `/es${from}` });
  }

  /**
   * A server action as React's client sends it from the page at `from`: its id in `Next-Action`,
   * the router state, the encoded arguments. Answers with where it redirected and the new page's RSC.
   */
  async action(
    from: string,
    id: string,
    body: FormData | string,
  ): Promise<Answer & { redirect: string | undefined }> {
    const headers: Record<string, string> = {
      accept: 'text/x-component',
      'next-action': id,
      'next-router-state-tree': routerStateTree(from),
    };
    if (typeof body === 'string') headers['content-type'] = 'text/plain;charset=UTF-8';
    const answer = await this.send(from, { method: 'POST', headers, body });
    if (answer.status !== 200) throw new Error(`action on ${from}: ${describe(answer)}`);
    // The wizard's actions answer where to go next (moveTo) and the page's router goes there.
    const moved = /"status":"moved","href":"([^"]+)"/.exec(answer.text)?.[1];
    if (moved) return { ...(await this.navigate(moved, from)), redirect: moved };
    const redirect = header(answer, 'x-action-redirect')?.replace(/;(push|replace)$/, '');
    // Next sends the new page with the redirect when its own fetch of that page worked; when it
    // did not, the router navigates there itself.
    if (redirect && !header(answer, 'content-type')?.startsWith('text/x-component')) {
      this.refetchedRedirects++;
      return { ...(await this.navigate(redirect, from)), redirect };
    }
    return { ...answer, redirect };
  }

  private async rsc(path: string, router: Record<string, string>): Promise<Answer> {
    const hash = await computeCacheBustingSearchParam(
      router['next-router-prefetch'] as '1' | undefined,
      router['next-router-segment-prefetch'],
      router['next-router-state-tree'],
      router['next-url'],
    );
    const url = `${path}${path.includes('?') ? '&' : '?'}_rsc=${hash}`;
    const answer = await this.send(url, { method: 'GET', headers: { rsc: '1', ...router } });
    if (answer.status !== 200) throw new Error(`RSC ${path}: ${describe(answer)}`);
    return answer;
  }

  /** The files a document names (documentAssets) that this browser has not fetched yet. */
  private async assets(html: string, record: Recorder): Promise<void> {
    const paths = documentAssets(html).filter((path) => !this.cached.has(path));
    for (const path of paths) this.cached.add(path);
    await Promise.all(
      paths.map(async (path) => {
        const started = performance.now();
        const answer = await this.send(path, { method: 'GET', headers: {} });
        if (answer.status !== 200) throw new Error(`asset ${path}: ${describe(answer)}`);
        record(`${BESIDE}static assets (first view, then cached)`, performance.now() - started);
      }),
    );
  }

  private async follow(path: string, init: Request): Promise<Answer> {
    let answer = await this.send(path, init);
    for (let hops = 0; REDIRECTS.has(answer.status); hops++) {
      if (hops === 5) throw new Error(`too many redirects from ${path}`);
      answer = await this.send(header(answer, 'location')!, {
        method: 'GET',
        headers: { accept: 'text/html' },
      });
    }
    if (answer.status !== 200) throw new Error(`${init.method} ${path}: ${describe(answer)}`);
    return answer;
  }

  /** Closes its kept-alive connections. */
  close(): void {
    this.agent.destroy();
  }

  private async send(path: string, init: Request): Promise<Answer> {
    for (let retries = 0; ; retries++) {
      const answer = await this.sendOnce(path, init);
      const retryAfter = Number(header(answer, 'retry-after'));
      if (answer.status !== 503 || !(retryAfter >= 0) || retries === BUSY_RETRIES) return answer;
      this.busyWaits++;
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      this.busyWaitedMs += performance.now() - started;
    }
  }

  private sendOnce(path: string, init: Request, resending = false): Promise<Answer> {
    const origin = this.origin();
    const headers: http.OutgoingHttpHeaders = {
      ...CHROMIUM,
      ...(init.method === 'POST' ? { origin } : {}),
      'x-forwarded-for': this.address,
      ...init.headers,
    };
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${origin}${path}`,
        { method: init.method, headers, agent: this.agent, localAddress: PROXY_ADDRESS },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const body = Buffer.concat(chunks);
            const gzipped = response.headers['content-encoding'] === 'gzip';
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text: (gzipped ? gunzipSync(body) : body).toString('utf8'),
              path,
            });
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        // Chromium sends a request once more when the kept-alive connection it reused was closed
        // by the server (its idle timeout) before any answer: the race Node documents for agents.
        if (!resending && request.reusedSocket && CLOSED_UNANSWERED.has(error.code ?? '')) {
          this.resent++;
          resolve(this.sendOnce(path, init, true));
          return;
        }
        reject(new Error(`${init.method} ${path.split('?')[0]}: ${error.message}`));
      });
      if (init.body instanceof FormData) {
        // A multipart body, encoded (boundary included) as fetch would send it.
        const encoded = new Response(init.body);
        request.setHeader('content-type', encoded.headers.get('content-type')!);
        void encoded.arrayBuffer().then((bytes) => request.end(Buffer.from(bytes)), reject);
      } else request.end(init.body);
    });
  }
}

/**
 * What Chromium fetches for a document's HTML, each once: its stylesheets, scripts and preloads
 * (the app's build output and the simulated ARCA's files; a script both preloaded and loaded is one
 * fetch, and a `nomodule` script is skipped, as a browser with modules skips it) and its icon.
 */
export function documentAssets(html: string): string[] {
  const found = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    if (/\snomodule\b/i.test(tag)) continue;
    const url = /\s(?:src|href)="([^"]+)"/.exec(tag)?.[1]?.replaceAll('&amp;', '&');
    // Only this origin's files: an icon may be inline (`data:,`, as the simulated ARCA's pages have it).
    if (!url?.startsWith('/') || url.startsWith('//')) continue;
    const icon = tag.startsWith('<link') && /\srel="icon"/.test(tag);
    if (icon || /^\/(?:_next\/static|simulator\/arca)\/[^?#]+\.(?:js|css)$/.test(url))
      found.add(url);
  }
  return [...found];
}

interface Request {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: FormData | string;
}

/** Next's router state for a page of the wizard (`/reg/<ref>/<step>`), as its client sends it. */
function routerStateTree(page: string): string {
  const [, , ref, step] = page.split('?')[0]!.split('/');
  const leaf = (segment: string, children: unknown) => [segment, { children }, null, null, 0];
  const tree = [
    '',
    {
      children: [
        ['locale', 'es', 'd', null],
        {
          children: leaf('reg', [
            ['ref', ref, 'd', null],
            { children: leaf(step!, ['__PAGE__', {}, null, null, 0]) },
            null,
            null,
            0,
          ]),
        },
        null,
        null,
        0,
      ],
    },
    null,
    null,
    16,
  ];
  return encodeURIComponent(JSON.stringify(tree));
}

function header(answer: Answer, name: string): string | undefined {
  const value = answer.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function describe(answer: Answer): string {
  return `${answer.status} ${answer.text.replace(/\s+/g, ' ').slice(0, 200)}`;
}
