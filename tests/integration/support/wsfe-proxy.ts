import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WsfeCall {
  soapAction: string;
  body: string;
  /** Sends a body (this call's, or another) on to the simulated ARCA under this call's SOAPAction. */
  forward(body: string): Promise<Response>;
}

/** What the proxy answers itself instead of passing the call on. */
export interface OwnAnswer {
  status: number;
  body: string;
}

/**
 * A WSFE on loopback in front of the simulated ARCA's (`target`), for tests that order or break
 * calls: `intercept` sees each call first, may wait, and either answers it itself or returns
 * nothing to let it through.
 */
export async function startWsfeProxy(
  target: string,
  intercept: (call: WsfeCall) => Promise<OwnAnswer | void>,
) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const soapAction = String(req.headers.soapaction);
        const forward = (body: string) =>
          fetch(target, {
            method: 'POST',
            headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: soapAction },
            body,
          });
        const body = Buffer.concat(chunks).toString();
        const own = await intercept({ soapAction, body, forward });
        if (own) {
          res.writeHead(own.status);
          res.end(own.body);
          return;
        }
        const answer = await forward(body);
        res.writeHead(answer.status, { 'Content-Type': 'text/xml; charset=utf-8' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      })().catch((error: unknown) => {
        res.writeHead(502);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/wsfe`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
