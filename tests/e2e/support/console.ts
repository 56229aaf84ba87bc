import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** A connected workspace with a registration workflow, an API key and an operator. */
export interface ApiWorkspace {
  email: string;
  apiKey: string;
  workflowId: string;
}

export interface Seed {
  password: string;
  a: { workspaceId: string; email: string; supplierId: string };
  b: { workspaceId: string; email: string };
  lockout: { email: string };
  /** By Playwright project name: a workspace nobody connected yet, with one supplier. */
  journeys: Record<string, { email: string; workspaceName: string }>;
  /** By Playwright project name: a connected workspace with a registration workflow and an API key. */
  registrations: Record<string, ApiWorkspace>;
  /** By Playwright project name: the same, for the console's pages read in English. */
  english: Record<string, ApiWorkspace>;
  /** By Playwright project name: a workspace whose settings a test changes. */
  settings: Record<string, { email: string; workspaceName: string }>;
  /** By Playwright project name: a sandbox workspace with a registered supplier and two unsent invoices. */
  invoices: Record<
    string,
    { email: string; supplierCuit: string; typeB: string; typeA: string; usdServices: string }
  >;
  /** By Playwright project name: a workspace holding one unsent invoice of `lines` lines. */
  longInvoices: Record<string, { email: string; id: string; lines: number }>;
}

/** What tests/e2e/support/console-seed.ts wrote into the server's data folder before it started. */
export function readSeed(): Seed {
  return JSON.parse(
    readFileSync(path.join(process.env.E2E_DATA_DIR!, 'e2e-console-seed.json'), 'utf8'),
  ) as Seed;
}

export async function signIn(page: Page, email: string, password: string, prefix = '') {
  await page.goto(`${prefix}/console/sign-in`);
  await page.getByLabel(prefix ? 'Email' : 'Correo electrónico').fill(email);
  await page.getByLabel(prefix ? 'Password' : 'Contraseña').fill(password);
  await page.getByRole('button', { name: prefix ? 'Sign in' : 'Ingresar' }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/console$`));
}

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A local webhook receiver that answers 200 and keeps what it got. */
export async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(text || '{}') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks/arca`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
