import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { startRegistration } from './support/api';
import { completeSandboxWizard } from './support/complete-wizard';
import { checkPage, watchConsole } from './support/page-checks';
import { readSeed, signIn, startReceiver } from './support/console';

const seed = readSeed();
const DUPLICATE_CUIT =
  /^Ya hay un proveedor con el CUIT 30-71234567-1: «.+»\. Abrilo para no cargarlo dos veces, o marcá «Guardar igual» si de verdad es otro\.$/;
const SIGN_IN_FAILED =
  'No pudimos iniciar sesión con ese correo y esa contraseña. Revisalos y probá de nuevo; después de varios intentos fallidos, cada intento nuevo tarda un poco más.';

test.describe('operator console', () => {
  test('an operator connects the app, creates the workflow with a webhook, adds a supplier, runs it and reads the link', async ({
    page,
  }, testInfo) => {
    // About 18 pages each checked with axe and a full-page screenshot, sharing two cores with the
    // other worker: room for a busy machine (their English pass is the next test, on its own data).
    test.setTimeout(180_000);
    const receiver = await startReceiver();
    const noConsoleErrors = watchConsole(page);
    const { check } = pageChecks(page, testInfo);

    const journey = seededFor(seed.journeys, 'journeys', testInfo);

    // Signed out, the console sends you to the sign-in page.
    await page.goto('/console/suppliers');
    await expect(page).toHaveURL(/\/console\/sign-in$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ingresá a la consola');
    await page.getByLabel('Correo electrónico').fill(journey.email);
    await page.getByLabel('Contraseña').fill('not the password');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByTestId('form-status')).toHaveText(SIGN_IN_FAILED);
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(journey.email);
    await check('sign-in', /Ingresá a la consola/);

    await signIn(page, journey.email, seed.password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicio');
    await check('home', /Inicio/);

    // Configuration > Apps: the seeded workspace starts disconnected; connect, disconnect, and end connected.
    await page
      .getByRole('navigation', { name: 'Consola' })
      .getByRole('link', { name: 'Apps' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apps');
    await expect(page.getByTestId('gov-ar-status')).toContainText('No conectada');
    await page.getByRole('button', { name: 'Conectar' }).click();
    await expect(page.getByTestId('gov-ar-status')).toContainText('Conectada');
    await page.getByRole('button', { name: 'Desconectar' }).click();
    await expect(page.getByTestId('gov-ar-status')).toContainText('No conectada');
    await page.getByRole('button', { name: 'Conectar' }).click();
    await expect(page.getByTestId('gov-ar-status')).toContainText('Conectada');
    await check('apps', /Apps/);

    // Workflows: new from the template with a webhook; the secret is shown once.
    await page.goto('/console/workflows/new');
    await check('workflow-new', /Nuevo flujo/);
    await page.getByLabel('URL del webhook').fill(receiver.url);
    await page.getByLabel('Nombre del evento').fill('supplier.link');
    await page.getByLabel('Token de acceso').fill('receiver-token');
    await page.getByLabel('Encabezados').fill('X-Cliente: 1234');
    await page.getByRole('button', { name: 'Crear flujo' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveValue(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    await check('workflow-secret', /Nuevo flujo/);
    await page.getByRole('link', { name: 'Ver el flujo' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Registro de proveedores en ARCA',
    );
    const steps = page.getByRole('region', { name: 'Pasos' }).getByRole('listitem');
    await expect(steps).toHaveCount(5);
    await expect(steps.nth(2)).toContainText('Webhook');
    await expect(steps.nth(2)).toContainText(receiver.url);
    await expect(steps.nth(2)).toContainText('Con token de acceso (oculto).');
    await expect(steps.nth(0)).toContainText('Pasa el proveedor a «En proceso».');
    await expect(page.locator('main')).toContainText(
      'Registra a un proveedor en ARCA: enlace de registro, certificado y autorización.',
    );
    await check('workflow', /Registro de proveedores en ARCA/);
    await page.goto('/console/workflows');
    await check('workflows', /Flujos/);

    // New supplier: CUIT checked as typed, Build previews the party, Save stores it.
    const name = `Proveedor ${testInfo.project.name} ${Date.now()}`;
    await page.goto('/console/suppliers/new');
    await check('supplier-new', /Nuevo proveedor/);
    await page.getByLabel('Razón social').fill(name);
    const cuit = page.getByRole('textbox', { name: 'CUIT' });
    await cuit.fill('30-71234567-2');
    await expect(page.locator('#cuit-check')).toHaveText(
      'El dígito verificador no coincide: hay un número mal escrito.',
    );
    await expect(cuit).toHaveAttribute('aria-invalid', 'true');
    await cuit.fill('30712345671');
    await expect(page.locator('#cuit-check')).toHaveText('CUIT válido: 30-71234567-1');
    await page.getByRole('button', { name: 'Validar y previsualizar' }).click();
    await expect(page.getByTestId('form-status')).toContainText('Los datos son válidos');
    const json = JSON.parse((await page.getByTestId('party-json').textContent()) ?? '{}');
    expect(json).toEqual({
      $schema: 'https://gobl.org/draft-0/org/party',
      name,
      tax_id: { country: 'AR', code: '30712345671' },
    });
    await expect(page.getByLabel('Razón social')).toHaveValue(name);
    await check('supplier-built', /Nuevo proveedor/);
    await page.getByRole('button', { name: 'Guardar' }).click();
    // The seed already holds this CUIT in this workspace: the save is held back with a link to it.
    await expect(page.getByTestId('form-status')).toHaveText(DUPLICATE_CUIT);
    await expect(
      page.getByTestId('duplicate-cuit').getByRole('link', { name: /^Abrir «.+»$/ }),
    ).toHaveAttribute('href', /^\/console\/suppliers\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel('Razón social')).toHaveValue(name);
    await check('supplier-duplicate', /Nuevo proveedor/);
    await page
      .getByRole('checkbox', { name: 'Guardar igual: es otro proveedor con el mismo CUIT' })
      .check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/console\/suppliers\/[0-9a-f-]{36}$/);
    const supplierId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByTestId('certificate-status')).toContainText(
      'Todavía no hay certificado',
    );
    await check('supplier', new RegExp(name));

    // Run workflow: the newest registration workflow (the one just made) is preselected.
    await page.getByRole('button', { name: 'Ejecutar flujo' }).click();
    await expect(page.getByTestId('form-status')).toHaveText('Listo, el flujo está en marcha.');
    await page.getByRole('link', { name: 'Meta' }).click();
    await expect(page).toHaveURL(/\?tab=meta$/);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('meta-link-url')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const link = await page.getByTestId('meta-link-url').inputValue();
    expect(link).toMatch(/^http:\/\/localhost:\d+\/reg\/[A-Za-z0-9_-]{32}$/);
    await expect(page.getByRole('link', { name: /Abrir el enlace/ })).toHaveAttribute('href', link);
    await expect(page.getByRole('region', { name: 'gov-ar / link' })).toContainText('link_scope');
    await check('supplier-meta', new RegExp(name));

    // The webhook reached the receiver with the entry id, the token and the custom header.
    await expect
      .poll(() => receiver.received.filter((r) => r.body.siloEntryId === supplierId).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const hook = receiver.received.find((r) => r.body.siloEntryId === supplierId)!;
    expect(hook.body.event).toBe('supplier.link');
    expect(hook.headers.authorization).toBe('Bearer receiver-token');
    expect(hook.headers['x-cliente']).toBe('1234');
    expect(hook.headers['webhook-signature']).toMatch(/^v1,/);

    await page.getByRole('link', { name: 'Historial' }).click();
    await expect(page).toHaveURL(/\?tab=history$/);
    await expect(page.getByTestId('state-history')).toContainText('En proceso');
    await check('supplier-history', new RegExp(name));
    await page
      .getByRole('navigation', { name: 'Secciones del proveedor' })
      .getByRole('link', { name: 'Trabajos' })
      .click();
    await expect(page).toHaveURL(/\?tab=jobs$/);
    await check('supplier-jobs', new RegExp(name));

    // Jobs: the job waits for the supplier, with every intent and the webhook attempt.
    await page.getByTestId('job-list').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trabajo');
    const intents = page.getByTestId('intent-list');
    await expect(intents).toContainText('Esperar la autorización de ARCA');
    await expect(intents).toContainText('Cambiar estado a «En proceso»');
    await expect(intents).toContainText(
      'Esperando que el proveedor valide su certificado de ARCA.',
    );
    await expect(page.locator('main')).toContainText(`${name} · Registro de proveedores en ARCA`);
    await expect(page.getByRole('link', { name: 'Registro de proveedores en ARCA' })).toBeVisible();
    await expect(page.locator('main')).toContainText('En espera');
    for (const raw of [
      'Set state',
      'Wait for ARCA',
      'QUEUED',
      'processing',
      'waiting for the supplier',
    ])
      await expect(page.locator('main')).not.toContainText(raw);
    const webhookIntent = intents.locator(':scope > li', { hasText: 'Webhook' });
    await expect(webhookIntent).toContainText('intento 1');
    await expect(webhookIntent).toContainText('HTTP 200');
    await expect(webhookIntent).toContainText(/\d+ ms/);
    await check('job', /Trabajo/);
    await page.goto('/console/jobs');
    const jobRow = page.getByTestId('job-list').getByRole('listitem').filter({ hasText: name });
    await expect(jobRow.getByRole('link')).toHaveText(`${name} · Registro de proveedores en ARCA`);
    await expect(jobRow).toContainText('En espera');
    await expect(page.getByTestId('job-list')).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await check('jobs', /Trabajos/);

    noConsoleErrors();
    await receiver.close();
  });

  test("the operator journey's pages read in English, with names instead of ids", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const noConsoleErrors = watchConsole(page);
    const workspace = seededFor(seed.english, 'english', testInfo);
    const name = `Proveedor en inglés ${testInfo.project.name} ${Date.now()}`;
    const { entryId, jobId } = await startRegistration(request, workspace, name);
    await signIn(page, workspace.email, seed.password, '/en');
    const supplier = `/console/suppliers/${entryId}`;
    const pages: [string, string, RegExp][] = [
      ['home', '/console', /^Home$/],
      ['apps', '/console/apps', /^Apps$/],
      ['workflow-new', '/console/workflows/new', /^New workflow$/],
      ['workflow', `/console/workflows/${workspace.workflowId}`, /ARCA register supplier/],
      ['workflows', '/console/workflows', /^Workflows$/],
      ['supplier-new', '/console/suppliers/new', /^New supplier$/],
      ['supplier', supplier, new RegExp(name)],
      ['supplier-meta', `${supplier}?tab=meta`, new RegExp(name)],
      ['supplier-history', `${supplier}?tab=history`, new RegExp(name)],
      ['supplier-jobs', `${supplier}?tab=jobs`, new RegExp(name)],
      ['job', `/console/jobs/${jobId}`, /^Job$/],
      ['jobs', '/console/jobs', /^Jobs$/],
    ];
    await checkInEnglish(
      page,
      testInfo,
      pages.map(([pageName, path]) => ({ name: pageName, path })),
      Object.fromEntries(pages.map(([pageName, , heading]) => [pageName, heading])),
    );

    // The English console speaks English, with names instead of ids.
    const englishRow = await englishJobRow(page, name);
    await expect(englishRow).toContainText('Waiting');
    await page.goto(`/en/console/jobs/${jobId}`);
    await expect(page.getByTestId('intent-list')).toContainText('Set state to “Processing”');
    await expect(page.getByTestId('intent-list')).toContainText('Wait for ARCA authorization');
    noConsoleErrors();
  });

  test('a supplier the API registered completes the wizard, and the console shows it registered and guards a second run', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const noConsoleErrors = watchConsole(page);
    const { check, visited } = pageChecks(page, testInfo);
    const registering = seededFor(seed.registrations, 'registrations', testInfo);
    const name = `Proveedor API ${testInfo.project.name} ${Date.now()}`;
    const reg = await startRegistration(request, registering, name);
    const supplierId = reg.entryId;

    // The company completes the wizard from its link.
    const alias = await completeSandboxWizard(page, reg.linkPath, reg.cuit);
    await signIn(page, registering.email, seed.password);
    await page.goto(`/console/suppliers/${supplierId}`);
    await expect(page.locator('main')).toContainText('Registrado');
    await expect(page.locator('main')).toContainText(alias);
    await page
      .getByRole('navigation', { name: 'Secciones del proveedor' })
      .getByRole('link', { name: 'Trabajos' })
      .click();
    await page.getByTestId('job-list').getByRole('link').first().click();
    await expect(page.locator('main')).toContainText('Terminado');
    await expect(page.getByTestId('intent-list')).toContainText(
      'Certificado validado y autorizado para Facturación Electrónica.',
    );

    // Registering a registered supplier again is confirmed first; nothing starts until it is.
    await page.goto(`/console/suppliers/${supplierId}`);
    await expect(page.locator('main')).toContainText(/Tiempo restante\s*Vence en \d+ días/);
    await expect(page.getByTestId('rerun-warning')).toContainText(
      'Este proveedor ya está registrado en ARCA.',
    );
    await page.getByRole('button', { name: 'Ejecutar flujo' }).click();
    expect(
      await page
        .getByRole('checkbox', { name: 'Sí, quiero registrarlo de nuevo' })
        .evaluate((box: HTMLInputElement) => box.validity.valueMissing),
    ).toBe(true);
    await expect(page.getByTestId('form-status')).toHaveText('');
    // The server asks too, whatever the browser lets through.
    await page
      .getByRole('checkbox', { name: 'Sí, quiero registrarlo de nuevo' })
      .evaluate((box: HTMLInputElement) => box.removeAttribute('required'));
    await page.getByRole('button', { name: 'Ejecutar flujo' }).click();
    await expect(page.getByTestId('form-status')).toHaveText(
      'Este proveedor ya está registrado en ARCA. Para registrarlo de nuevo, marcá «Sí, quiero registrarlo de nuevo».',
    );
    await expect(page.locator('main')).toContainText('Registrado');
    await check('supplier-registered', new RegExp(name));

    // Suppliers list: search by name and by CUIT, with the state.
    await page.goto('/console/suppliers');
    await page.getByLabel('Buscar por nombre o CUIT').fill(name);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByTestId('supplier-list').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('supplier-list')).toContainText('Registrado');
    // Its certificate's days left, plain text while more than 30 days remain.
    await expect(page.getByTestId('supplier-list').locator('[data-expiry="valid"]')).toHaveText(
      /^Vence en \d+ días$/,
    );
    await check('suppliers', /Proveedores/);
    await page.getByLabel('Vence en 30 días o menos').check();
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/expiring=1/);
    await expect(page.getByTestId('supplier-list')).toHaveCount(0);

    await checkInEnglish(page, testInfo, visited, {
      suppliers: /^Suppliers$/,
      'supplier-registered': new RegExp(name),
    });

    // The English console speaks English, with names instead of ids.
    const englishRow = await englishJobRow(page, name);
    await expect(englishRow).toContainText('Done');
    await englishRow.getByRole('link').click();
    await expect(page.getByTestId('intent-list')).toContainText(
      'Certificate validated and authorised for electronic invoicing',
    );
    await page.goto(`/en/console/suppliers/${supplierId}`);
    await expect(page.locator('main')).toContainText(/Time left\s*Expires in \d+ days/);
    await expect(page.getByTestId('rerun-warning')).toContainText(
      'This supplier is already registered with ARCA.',
    );
    noConsoleErrors();
  });

  test('an operator creates an API key shown once, revokes it, switches the environment, and signs out', async ({
    page,
  }, testInfo) => {
    const noConsoleErrors = watchConsole(page);
    const { check, visited } = pageChecks(page, testInfo);
    const configured = seededFor(seed.settings, 'settings', testInfo);
    await signIn(page, configured.email, seed.password);

    // Settings: an API key shown once, then revoked; the environment switch.
    await page.goto('/console/settings');
    await page.getByLabel('Nombre de la nueva clave').fill(`e2e ${testInfo.project.name}`);
    await page.getByRole('button', { name: 'Crear clave' }).click();
    await expect(page.getByTestId('api-key-token')).toHaveValue(/^arca_/);
    await check('settings-key', /Ajustes/);
    const keyRow = page
      .getByTestId('api-keys')
      .getByRole('listitem')
      .filter({ hasText: `e2e ${testInfo.project.name}` });
    await keyRow.getByRole('button', { name: /Revocar/ }).click();
    await expect(keyRow).toContainText('Revocada');
    await page.getByLabel(/^Producción/).check();
    await page.getByRole('button', { name: 'Guardar ambiente' }).click();
    await expect(page.getByTestId('form-status').first()).toHaveText('Guardamos el ambiente.');
    await expect(page.getByText(`${configured.workspaceName} · Producción`)).toBeVisible();
    await page.getByLabel(/^Homologación/).check();
    await page.getByRole('button', { name: 'Guardar ambiente' }).click();
    await expect(
      page.getByText(`${configured.workspaceName} · Homologación (pruebas)`),
    ).toBeVisible();
    await check('settings', /Ajustes/);

    await checkInEnglish(page, testInfo, visited, { settings: /^Settings$/ });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/en\/console\/sign-in$/);
    await checkPage(page, testInfo, 'console-sign-in-en');
    await page.goto('/console');
    await expect(page).toHaveURL(/\/console\/sign-in$/);
    noConsoleErrors();
  });

  test("a session from one workspace never reaches another workspace's data", async ({ page }) => {
    await signIn(page, seed.b.email, seed.password);
    const entry = await page.goto(`/console/suppliers/${seed.a.supplierId}`);
    expect(entry?.status()).toBe(404);
    await page.goto('/console/suppliers?q=Semilla');
    await expect(page.getByText('No encontramos proveedores con esa búsqueda.')).toBeVisible();
    await page.goto('/console/suppliers');
    await expect(page.getByText('Semilla A SRL')).toHaveCount(0);
    await page.context().clearCookies();
    await signIn(page, seed.a.email, seed.password);
    expect((await page.goto(`/console/suppliers/${seed.a.supplierId}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Semilla A SRL');
  });

  test('the session cookie is HttpOnly and SameSite=Lax, and sign-out ends the session', async ({
    page,
    context,
  }) => {
    await signIn(page, seed.a.email, seed.password);
    const cookie = (await context.cookies()).find((c) => c.name === 'arca_console_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/console\/sign-in$/);
    // The old token no longer opens anything, even if someone kept a copy.
    await context.addCookies([cookie]);
    await page.goto('/console/settings');
    await expect(page).toHaveURL(/\/console\/sign-in$/);
  });

  test.describe('sign-in failures', () => {
    // Without JavaScript every attempt is one full page load: the attempts cannot overlap.
    test.use({ javaScriptEnabled: false });
    test('an unknown email and wrong passwords get the same message, and the owner still gets in', async ({
      page,
      isMobile,
    }) => {
      test.skip(isMobile, 'failures are counted per account: checked once, on desktop');
      const attempts = [
        { email: 'nobody-here@example.com', password: 'whatever it is' },
        ...Array.from({ length: 5 }, (_, i) => ({
          email: seed.lockout.email,
          password: `wrong ${i}`,
        })),
      ];
      for (const attempt of attempts) {
        await page.goto('/console/sign-in');
        await page.getByLabel('Correo electrónico').fill(attempt.email);
        await page.getByLabel('Contraseña').fill(attempt.password);
        await page.getByRole('button', { name: 'Ingresar' }).click();
        await expect(page.getByTestId('form-status')).toHaveText(SIGN_IN_FAILED);
        await expect(page.getByLabel('Correo electrónico')).toHaveValue(attempt.email);
      }
      await page.getByLabel('Contraseña').fill(seed.password);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicio');
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the forms work before hydration', async ({ page }) => {
      await page.goto('/console/sign-in');
      await page.getByLabel('Correo electrónico').fill(seed.a.email);
      await page.getByLabel('Contraseña').fill(seed.password);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicio');
      await page.goto('/console/suppliers/new');
      await page.getByLabel('Razón social').fill('Sin JS SA');
      await page.getByRole('textbox', { name: 'CUIT' }).fill('30-71234567-3');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByTestId('form-status')).toHaveText('Revisá los campos marcados.');
      await expect(page.getByLabel('Razón social')).toHaveValue('Sin JS SA');
      await page.getByRole('textbox', { name: 'CUIT' }).fill('30-71234567-1');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByTestId('form-status')).toHaveText(DUPLICATE_CUIT);
      await expect(
        page.getByTestId('duplicate-cuit').getByRole('link', { name: /^Abrir «.+»$/ }),
      ).toHaveAttribute('href', /^\/console\/suppliers\/[0-9a-f-]{36}$/);
      await page
        .getByRole('checkbox', { name: 'Guardar igual: es otro proveedor con el mismo CUIT' })
        .check();
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sin JS SA');
    });
  });

  test('at 360 px every section of the console nav is on screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, seed.a.email, seed.password);
    const nav = page.getByRole('navigation', { name: 'Consola' });
    for (const label of [
      'Inicio',
      'Proveedores',
      'Facturas',
      'Trabajos',
      'Flujos',
      'Apps',
      'Ajustes',
    ]) {
      const box = (await nav.getByRole('link', { name: label }).boundingBox())!;
      expect(box.x, label).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, label).toBeLessThanOrEqual(360);
    }
    await nav.getByRole('link', { name: 'Ajustes' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ajustes');
  });

  test('hand-edited list addresses show a normal page', async ({ page }) => {
    await signIn(page, seed.a.email, seed.password);
    for (const query of [
      'page=1e20',
      'page=Infinity',
      'page=-3',
      'q=%00',
      'q=a%00b&page=2',
      'q=a&q=b',
      'expiring=1&expiring=x&page=9',
    ]) {
      const response = await page.goto(`/console/suppliers?${query}`);
      expect(response?.status(), query).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Proveedores');
    }
    expect((await page.goto('/console/jobs?cursor=%00'))?.status()).toBe(200);
  });
});

/** Checks a console page (its heading, axe, a screenshot) and remembers it for the English pass. */
function pageChecks(page: Page, testInfo: TestInfo) {
  const visited: { path: string; name: string }[] = [];
  const check = async (name: string, heading: RegExp) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    visited.push({ path: new URL(page.url()).pathname + new URL(page.url()).search, name });
    // Next streams metadata: after an action re-renders the page the <title> comes back a moment later.
    await expect(page).toHaveTitle(/\S/);
    await checkPage(page, testInfo, `console-${name}-es`);
  };
  return { check, visited };
}

/** The same pages in English, once each, with their English headings. */
async function checkInEnglish(
  page: Page,
  testInfo: TestInfo,
  visited: { path: string; name: string }[],
  headings: Record<string, RegExp>,
) {
  const seen = new Set<string>();
  for (const { path, name } of visited) {
    if (!(name in headings) || seen.has(path)) continue;
    seen.add(path);
    await page.goto(`/en${path}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings[name]!);
    await expect(page).toHaveTitle(/\S/);
    await checkPage(page, testInfo, `console-${name}-en`);
  }
  await expect(page.getByRole('link', { name: 'Español' })).toBeVisible();
}

/** The supplier's registration job in the English jobs list, named by supplier and workflow, not ids. */
async function englishJobRow(page: Page, supplierName: string) {
  await page.goto('/en/console/jobs');
  const row = page
    .getByTestId('job-list')
    .getByRole('listitem')
    .filter({ hasText: supplierName })
    .first();
  await expect(row.getByRole('link')).toHaveText(`${supplierName} · ARCA register supplier`);
  return row;
}

/** The workspace console-seed.ts made for this test's Playwright project in `seeded` (named `what`). */
function seededFor<T>(seeded: Record<string, T>, what: string, testInfo: TestInfo): T {
  const workspace = seeded[testInfo.project.name];
  if (!workspace)
    throw new Error(
      `tests/e2e/support/console-seed.ts seeds no ${what} workspace for project ${testInfo.project.name}`,
    );
  return workspace;
}
