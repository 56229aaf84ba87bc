import 'server-only';
import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { getEnv } from '@/lib/config';
import { getDb, schema, type Db } from '@/lib/db';
import { type ArcaEnvironment, escapeXml as esc, validateCuit } from '@/lib/arca';
import { BODY_LIMITS, limitBody } from '@/lib/request-body';
import { addPointOfSale, type EmissionType } from './add-point-of-sale';
import { authorizeService } from './authorize-service';
import { handleLoginCms } from './handle-login-cms';
import { handleWsct } from './handle-wsct';
import { handleWsfe } from './handle-wsfe';
import { issueCertificate } from './issue-certificate';
import { PORTAL_MESSAGES } from './messages';
import { cuitField, field, layout, notice, pointOfSaleForm, STYLE } from './pages';

export interface ArcaSimulatorOptions {
  db?: () => Promise<Db>;
  now?: () => Date;
  /** Where the app is mounted, for links and redirects in the pages. */
  basePath?: string;
  /** Allows the simulator where configuration says production (never do this for real suppliers). */
  force?: boolean;
}

/** The simulated ARCA: WSAA, WSFE and WSCT SOAP per environment, plus WSASS-like and Certificados Digitales-like pages. */
export function createArcaSimulator(options: ArcaSimulatorOptions = {}) {
  if (getEnv().production && !options.force)
    throw new Error('The ARCA simulator refuses to run in production.');
  const dbOf = options.db ?? getDb;
  const now = options.now ?? (() => new Date());
  const base = (options.basePath ?? '/simulator/arca').replace(/\/$/, '');
  const app = new Hono();
  // Date comes from the simulated clock, as ARCA's servers send their own: tests move the clock.
  const soap = (c: Context, answer: { status: number; body: string }) =>
    c.body(answer.body, answer.status as 200, {
      'Content-Type': 'text/xml; charset=utf-8',
      Date: now().toUTCString(),
    });
  // A body over the cap is answered as an empty one: the fault ARCA gives for a request it cannot read.
  const soapRoute = (
    path: string,
    handle: (db: Db, body: string) => Promise<{ status: number; body: string }>,
  ) =>
    app.post(
      path,
      limitBody(BODY_LIMITS.simulator, async (c) => soap(c, await handle(await dbOf(), ''))),
      async (c) => soap(c, await handle(await dbOf(), await c.req.text())),
    );

  const held = async <A extends { holdMs?: number }>(answer: A) => {
    if (answer.holdMs) await new Promise((resolve) => setTimeout(resolve, answer.holdMs));
    return answer;
  };
  for (const env of ['sandbox', 'live'] as const) {
    soapRoute(`/${env}/wsaa`, (db, body) => handleLoginCms(db, env, body, now()));
    soapRoute(`/${env}/wsfe`, async (db, body) => held(await handleWsfe(db, env, body, now())));
    soapRoute(`/${env}/wsct`, async (db, body) => held(await handleWsct(db, env, body, now())));
  }

  app.get('/style.css', (c) =>
    c.body(STYLE, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );
  app.get('/', (c) => c.html(layout('Servicios de ARCA', base, servicesIndex(base))));
  const back = (
    c: Context,
    path: string,
    result: { ok: true } | { ok: false; error: string },
    okKey: string,
  ) => c.redirect(`${base}${path}?${result.ok ? `ok=${okKey}` : `error=${result.error}`}`, 303);
  const status = (c: Context) =>
    notice(PORTAL_MESSAGES[c.req.query('error') ?? ''], 'error') +
    notice(PORTAL_MESSAGES[c.req.query('ok') ?? ''], 'ok');

  // Sandbox: WSASS - Autogestión Certificados Homologación.
  app.get('/sandbox/wsass', (c) =>
    c.html(
      layout('WSASS - Autogestión Certificados Homologación', base, status(c) + wsassForms(base)),
    ),
  );
  app.post('/sandbox/wsass/certificados', async (c) => {
    const form = await c.req.parseBody();
    const result = await issueCertificate(await dbOf(), {
      environment: 'sandbox',
      alias: String(form.alias ?? ''),
      csrPem: String(form.csr ?? ''),
      now: now(),
    });
    return result.ok
      ? c.redirect(`${base}/sandbox/wsass/certificados/${result.id}`, 303)
      : back(c, '/sandbox/wsass', result, '');
  });
  app.get('/sandbox/wsass/certificados/:id', async (c) =>
    certificatePage(c, await dbOf(), 'sandbox', base),
  );
  app.post('/sandbox/wsass/autorizaciones', async (c) =>
    authorize(c, await dbOf(), 'sandbox', '/sandbox/wsass'),
  );
  app.post('/sandbox/wsass/puntos-de-venta', async (c) =>
    point(c, await dbOf(), 'sandbox', '/sandbox/wsass'),
  );

  // Live: Administración de Certificados Digitales, Administrador de Relaciones, puntos de venta.
  app.get('/live/certificados', async (c) => {
    const cuit = validateCuit(c.req.query('cuit') ?? '');
    const aliases = cuit.ok ? await listAliases(await dbOf(), cuit.cuit) : undefined;
    return c.html(
      layout(
        'Administración de Certificados Digitales',
        base,
        status(c) +
          aliasList(base, cuit.ok ? cuit.cuit : undefined, aliases) +
          liveCertificateForm(base),
      ),
    );
  });
  app.post('/live/certificados', async (c) => {
    const form = await c.req.parseBody();
    const file =
      form.csr_file instanceof File &&
      form.csr_file.size > 0 &&
      form.csr_file.size < BODY_LIMITS.simulator
        ? await form.csr_file.text()
        : String(form.csr ?? '');
    const result = await issueCertificate(await dbOf(), {
      environment: 'live',
      alias: String(form.alias ?? ''),
      csrPem: file,
      now: now(),
    });
    // Like ARCA: back to the contribuyente's alias list, where «Ver» opens the certificate.
    return result.ok
      ? c.redirect(`${base}/live/certificados?cuit=${result.cuit}&ok=alias_added`, 303)
      : back(c, '/live/certificados', result, '');
  });
  app.get('/live/certificados/:id', async (c) => certificatePage(c, await dbOf(), 'live', base));
  app.get('/live/certificados/:id/descargar', async (c) => {
    const row = await findCertificate(await dbOf(), 'live', c.req.param('id'));
    if (!row) return c.text('No encontrado', 404);
    return c.body(row.certificatePem, 200, {
      'Content-Type': 'application/x-x509-ca-cert',
      'Content-Disposition': `attachment; filename="${row.alias}.crt"`,
    });
  });
  app.get('/live/relaciones', (c) =>
    c.html(
      layout('Administrador de Relaciones de Clave Fiscal', base, status(c) + relationForm(base)),
    ),
  );
  app.post('/live/relaciones', async (c) => authorize(c, await dbOf(), 'live', '/live/relaciones'));
  app.get('/live/puntos-de-venta', (c) =>
    c.html(
      layout(
        'Administración de puntos de venta y domicilios',
        base,
        status(c) +
          '<h2>A/B/M de puntos de venta</h2>' +
          pointOfSaleForm(`${base}/live/puntos-de-venta`, 'live'),
      ),
    ),
  );
  app.post('/live/puntos-de-venta', async (c) =>
    point(c, await dbOf(), 'live', '/live/puntos-de-venta'),
  );
  return app;

  async function authorize(c: Context, db: Db, environment: ArcaEnvironment, path: string) {
    const form = await c.req.parseBody();
    const result = await authorizeService(db, {
      environment,
      cuit: String(form.cuit ?? ''),
      alias: String(form.alias ?? ''),
      service: String(form.service ?? 'wsfe'),
    });
    return back(c, path, result, 'authorized');
  }

  async function point(c: Context, db: Db, environment: ArcaEnvironment, path: string) {
    const form = await c.req.parseBody();
    const result = await addPointOfSale(db, {
      environment,
      cuit: String(form.cuit ?? ''),
      number: Number(form.number),
      emissionType: String(form.emission_type ?? 'CAE - Ri Iva') as EmissionType,
      blocked: form.blocked === 'S',
      closedOn: String(form.closed_on ?? '') || null,
    });
    return back(c, path, result, 'point_added');
  }
}

async function findCertificate(db: Db, environment: ArcaEnvironment, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const t = schema.arcaSimCertificates;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.environment, environment)))
    .limit(1);
  return row;
}

async function certificatePage(c: Context, db: Db, environment: ArcaEnvironment, base: string) {
  const row = await findCertificate(db, environment, c.req.param('id') ?? '');
  const title =
    environment === 'sandbox' ? 'WSASS - Certificado emitido' : 'Certificados Digitales - Ver';
  if (!row)
    return c.html(layout(title, base, notice(PORTAL_MESSAGES.certificate_missing, 'error')), 404);
  const info = `<dl><dt>Alias</dt><dd>${esc(row.alias)}</dd><dt>CUIT</dt><dd>${esc(row.cuit)}</dd><dt>Válido hasta</dt><dd>${row.notAfter.toISOString().slice(0, 10)}</dd></dl>`;
  const pem = `<p><label for="pem">Certificado (copialo completo)</label><textarea id="pem" readonly rows="20">${esc(row.certificatePem)}</textarea></p>`;
  const download =
    environment === 'live'
      ? `<p><a href="${base}/live/certificados/${row.id}/descargar" download>Descargar certificado</a></p>`
      : '';
  return c.html(
    layout(
      title,
      base,
      info +
        pem +
        download +
        `<p><a href="${base}/${environment === 'sandbox' ? 'sandbox/wsass' : 'live/certificados'}">Volver</a></p>`,
    ),
  );
}

function wsassForms(base: string): string {
  return `<section aria-labelledby="nuevo"><h2 id="nuevo">Nuevo Certificado</h2><form method="post" action="${base}/sandbox/wsass/certificados">
${field('alias', 'Nombre simbólico del DN', { hint: 'El mismo alias (CN) del pedido de certificado' })}
<p><label for="csr">Solicitud de certificado en formato PKCS#10</label><textarea id="csr" name="csr" rows="12" required></textarea></p>
<p><button type="submit">Crear DN y obtener certificado</button></p></form></section>
<section aria-labelledby="autorizacion"><h2 id="autorizacion">Crear autorización a servicio</h2><form method="post" action="${base}/sandbox/wsass/autorizaciones">
${field('alias', 'Nombre simbólico del DN a autorizar', { hint: 'Un alias con certificado emitido' }).replaceAll('"alias', '"auth_alias').replace('name="auth_alias"', 'name="alias"')}${field('cuit', 'CUIT representado', { hint: '11 dígitos, con o sin guiones', inputmode: 'numeric' })}
<p><label for="service">Servicio al que desea acceder</label><select id="service" name="service"><option value="wsfe">wsfe - Facturación Electrónica</option><option value="wsct">wsct - Comprobantes de Turismo (Factura T)</option></select></p>
<p><button type="submit">Crear autorización</button></p></form></section>
<section aria-labelledby="puntos"><h2 id="puntos">Puntos de venta</h2>${pointOfSaleForm(`${base}/sandbox/wsass/puntos-de-venta`, 'sandbox').replaceAll('id="', 'id="pv_').replaceAll('for="', 'for="pv_').replaceAll('aria-describedby="', 'aria-describedby="pv_')}</section>`;
}

async function listAliases(db: Db, cuit: string) {
  const t = schema.arcaSimCertificates;
  return db
    .select({ id: t.id, alias: t.alias, notAfter: t.notAfter })
    .from(t)
    .where(and(eq(t.environment, 'live'), eq(t.cuit, cuit)))
    .orderBy(t.alias, t.notAfter);
}

function aliasList(
  base: string,
  cuit: string | undefined,
  aliases: { id: string; alias: string; notAfter: Date }[] | undefined,
): string {
  const chooser = `<form method="get" action="${base}/live/certificados">${cuitField(cuit)}<p><button type="submit">Seleccionar contribuyente</button></p></form>`;
  if (!cuit || !aliases) return chooser;
  const rows = aliases
    .map(
      (a) =>
        `<tr><td>${esc(a.alias)}</td><td>${a.notAfter.toISOString().slice(0, 10)}</td><td><a href="${base}/live/certificados/${a.id}">Ver</a></td></tr>`,
    )
    .join('');
  const table = rows
    ? `<table><thead><tr><th scope="col">Alias</th><th scope="col">Válido hasta</th><th scope="col"><span class="sr">Acción</span></th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>Este contribuyente no tiene alias.</p>';
  return `${chooser}<section aria-labelledby="alias-list"><h2 id="alias-list">Alias de ${esc(cuit)}</h2>${table}</section>`;
}

function liveCertificateForm(base: string): string {
  return `<h2>Agregar alias</h2><form method="post" action="${base}/live/certificados" enctype="multipart/form-data">
${field('alias', 'Alias', { hint: 'Letras y números, igual al CN del pedido' })}
<p><label for="csr_file">Archivo del pedido de certificado (CSR)</label><input id="csr_file" name="csr_file" type="file" accept=".csr,.pem,.txt"></p>
<p><label for="csr">O pegá el pedido</label><textarea id="csr" name="csr" rows="8"></textarea></p>
<p><button type="submit">Agregar alias</button></p></form>`;
}

// As ARCA's «Nueva Relación»: the service is found with «Buscar» (ARCA → Web Services), and so is the
// «Representante», a Computador Fiscal named by the certificate's alias. Open by default: no script.
function relationForm(base: string): string {
  return `<h2>Nueva Relación</h2><form method="post" action="${base}/live/relaciones">
${field('cuit', 'Representado (CUIT)', { hint: '11 dígitos, con o sin guiones', inputmode: 'numeric' })}
<fieldset><legend>Servicio</legend><details open><summary>Buscar</summary><p>ARCA → Web Services</p>
<p><input type="radio" id="service_wsfe" name="service" value="wsfe" checked><label for="service_wsfe">Facturación Electrónica</label></p></details></fieldset>
<fieldset><legend>Representante</legend><details open><summary>Buscar</summary>
<p><label for="representative_type">Tipo de representante</label><select id="representative_type" name="representative_type"><option value="computador">Computador Fiscal</option></select></p>
${field('alias', 'Computador Fiscal (alias del certificado)')}</details></fieldset>
<p><button type="submit">Confirmar</button></p></form>`;
}

/** Where the demo's printed link leads: the simulated portals, by environment. */
function servicesIndex(base: string): string {
  const service = (href: string, name: string, what: string) =>
    `<li><a href="${base}${href}">${name}</a>: ${what}</li>`;
  return [
    '<p>Los servicios de ARCA que el asistente de registro te pide usar, simulados en esta misma aplicación.</p>',
    '<h2>Homologación (pruebas)</h2><ul>',
    service(
      '/sandbox/wsass',
      'WSASS - Autogestión Certificados Homologación',
      'crear el certificado con tu alias y el pedido (CSR), y la autorización a servicio para <code>wsfe</code>.',
    ),
    '</ul><h2>Producción</h2><ul>',
    service(
      '/live/certificados',
      'Administración de Certificados Digitales',
      'agregar el alias con el archivo .csr y descargar el certificado.',
    ),
    service(
      '/live/relaciones',
      'Administrador de Relaciones de Clave Fiscal',
      'la «Nueva Relación» con Facturación Electrónica.',
    ),
    service(
      '/live/puntos-de-venta',
      'Administración de puntos de venta y domicilios',
      'dar de alta un punto de venta para web services.',
    ),
    '</ul>',
  ].join('');
}
