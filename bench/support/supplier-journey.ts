import { readFileSync } from 'node:fs';
import { SupplierBrowser, type Recorder } from './supplier-browser';

/** The wizard's server actions a journey calls, by the file and export that define them. */
const ACTIONS = {
  saveCompany: 'company/actions.ts',
  generateCsr: 'certificate/actions.ts',
  continueToUpload: 'arca/actions.ts',
  uploadCertificate: 'upload/actions.ts',
  finishRegistration: 'points-of-sale/actions.ts',
} as const;
export type WizardActionIds = Record<keyof typeof ACTIONS, string>;

/** The actions' ids in the current build (the ids a browser reads from the pages it is served). */
export function wizardActionIds(): WizardActionIds {
  const manifest = JSON.parse(
    readFileSync('.next/server/server-reference-manifest.json', 'utf8'),
  ) as { node: Record<string, { filename: string; exportedName: string }> };
  const entries = Object.entries(manifest.node);
  const ids = {} as WizardActionIds;
  for (const [name, file] of Object.entries(ACTIONS) as [keyof typeof ACTIONS, string][]) {
    const found = entries.find(
      ([, action]) =>
        action.filename === `app/[locale]/reg/[ref]/${file}` && action.exportedName === name,
    );
    if (!found) throw new Error(`no server action ${name} in ${file} in the build`);
    ids[name] = found[0];
  }
  return ids;
}

/** A button-only step form (StepForm) as React sends it: the bound ref and locale, no state yet, an empty form. */
function stepForm(ref: string): FormData {
  const form = new FormData();
  form.append('0', JSON.stringify([ref, 'es', '$undefined', '$K1']));
  return form;
}

export interface Supplier {
  /** `/reg/<ref>` */
  linkPath: string;
  cuit: string;
  /** The certificate's alias the supplier types. */
  alias: string;
  /** The supplier's own address, as the proxy in front of the app forwards it. */
  address: string;
}

/**
 * One supplier through the whole sandbox wizard, as tests/e2e/support/complete-wizard.ts walks it
 * in Chromium, sent as Chromium sends it: the link, the company step, a key and CSR, the ARCA
 * step, the simulated WSASS (certificate from the CSR, wsfe authorised), the upload, finish.
 * Every user-felt step is recorded under its name; throws at the first answer that is not the
 * expected one. Answers how many action redirects came without their page (see SupplierBrowser.action)
 * and how many requests were sent again on a fresh connection. `busy` is told, whether the journey
 * ends or fails, how many "busy, retry after" answers it waited out and for how long (waits, not errors).
 * `think` is how long the supplier pauses before each step after the first (none when absent).
 */
export async function supplierJourney(
  origin: () => string,
  supplier: Supplier,
  actions: WizardActionIds,
  record: Recorder,
  options: { busy?: (waits: number, waitedMs: number) => void; think?: () => number } = {},
): Promise<{ refetchedRedirects: number; resent: number }> {
  const browser = new SupplierBrowser(origin, supplier.address);
  const { think } = options;
  const pause = think
    ? () => new Promise<void>((resolve) => setTimeout(resolve, think()))
    : () => Promise.resolve();
  try {
    await walk(browser, supplier, actions, record, pause);
    return { refetchedRedirects: browser.refetchedRedirects, resent: browser.resent };
  } finally {
    options.busy?.(browser.busyWaits, browser.busyWaitedMs);
    browser.close();
  }
}

async function walk(
  browser: SupplierBrowser,
  supplier: Supplier,
  actions: WizardActionIds,
  record: Recorder,
  pause: () => Promise<void>,
): Promise<void> {
  const link = supplier.linkPath;
  const ref = link.split('/')[2]!;
  const page = (step: string) => `${link}/${step}`;
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    record(step, performance.now() - started);
    return result;
  };
  const expectRedirect = (answer: { redirect: string | undefined; text: string }, to: string) => {
    if (answer.redirect === to) return;
    // An action that does not redirect answers its form's state: the messages the supplier sees.
    const shown = /"errors":(\[[^\]]*\])/.exec(answer.text)?.[1] ?? '';
    throw new Error(`expected a redirect to ${to}, got ${answer.redirect ?? 'none'} ${shown}`);
  };

  const opened = await browser.document(link, record, '1 open the link (company step)');
  if (opened.path !== page('company')) throw new Error(`the link opened ${opened.path}`);

  await pause();
  const company = new FormData();
  company.append('_1_regime', 'responsable_inscripto');
  company.append('0', JSON.stringify([ref, 'es', { status: 'idle', values: {} }, '$K1']));
  expectRedirect(
    await timed('2 save the company (→ certificate)', () =>
      browser.action(page('company'), actions.saveCompany, company),
    ),
    page('certificate'),
  );

  await pause();
  const generate = new FormData();
  generate.append('_1_alias', supplier.alias);
  generate.append(
    '0',
    JSON.stringify([ref, 'es', { status: 'idle', values: { alias: supplier.alias } }, '$K1']),
  );
  const generated = await timed('3 generate key and CSR', () =>
    browser.action(page('certificate'), actions.generateCsr, generate),
  );
  expectRedirect(generated, `${page('certificate')}?csr=ready`);
  const csr = /-----BEGIN CERTIFICATE REQUEST-----[\s\S]+?-----END CERTIFICATE REQUEST-----/
    .exec(generated.text)?.[0]
    .replaceAll('\\n', '\n');
  if (!csr) throw new Error('no CSR on the certificate step');

  await pause();
  await timed('4 open the ARCA step', () => browser.navigate(page('arca'), page('certificate')));
  await pause();
  expectRedirect(
    await timed('5 continue (→ upload)', () =>
      browser.action(page('arca'), actions.continueToUpload, stepForm(ref)),
    ),
    page('upload'),
  );

  // The supplier in the simulated ARCA (WSASS), as tests/e2e/support/simulator.ts plays it.
  await pause();
  const wsass = '/simulator/arca/sandbox/wsass';
  await browser.document(wsass, record, '6 ARCA: open WSASS');
  await pause();
  const issued = await timed('7 ARCA: create the certificate from the CSR', () =>
    browser.submit(`${wsass}/certificados`, { alias: supplier.alias, csr }),
  );
  const pem = /<textarea id="pem"[^>]*>([^<]+)<\/textarea>/.exec(issued.text)?.[1];
  if (!pem?.includes('BEGIN CERTIFICATE')) throw new Error('WSASS gave no certificate');
  await browser.document(wsass, record, '6 ARCA: open WSASS');
  await pause();
  const authorized = await timed('8 ARCA: authorise wsfe', () =>
    browser.submit(`${wsass}/autorizaciones`, {
      alias: supplier.alias,
      cuit: supplier.cuit,
      service: 'wsfe',
    }),
  );
  if (!authorized.path.endsWith('?ok=authorized')) throw new Error('WSASS did not authorise wsfe');

  await pause();
  await browser.document(page('upload'), record, '9 open the upload step');
  await pause();
  const upload = new FormData();
  upload.append('_1_file', new File([], '', { type: 'application/octet-stream' }));
  upload.append('_1_pasted', pem);
  upload.append('0', JSON.stringify([ref, 'es', { status: 'idle' }, '$K1']));
  expectRedirect(
    await timed('10 validate the certificate (→ points of sale)', () =>
      browser.action(page('upload'), actions.uploadCertificate, upload),
    ),
    page('points-of-sale'),
  );

  await pause();
  expectRedirect(
    await timed('11 finish (→ done)', () =>
      browser.action(page('points-of-sale'), actions.finishRegistration, stepForm(ref)),
    ),
    page('done'),
  );
}
