import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/**
 * Sets a header on whatever answers this request (a route, a refusal, an error), unless that answer
 * sets its own header of the same name. Served by node:http (server.ts, through @hono/node-server),
 * it goes straight on Node's response, where the answer's own headers are merged in when it is
 * written: set through Hono instead, every answer would carry a web `Headers` object that the
 * adapter then copies back out header by header, ≈ 6 µs a request for the five this API sets.
 * Elsewhere (`app.request()` in tests) it goes through Hono, with the same outcome.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing) outgoing.setHeader(name, value);
  else c.header(name, value);
}
