import { X509Certificate } from 'node:crypto';
import { createCsr, generateKeyPair } from '@/lib/arca';
import { issueCertificate } from '@/lib/arca-simulator';
import { getMasterKeyring, sealSecret } from '@/lib/crypto';
import { schema, type Db } from '@/lib/db';
import { newCuit } from '../../support/new-cuit';

type Material = { privateKeyPem: string; certificatePem: string; notAfter: Date };
const material = new WeakMap<Db, Promise<Material>>();

// One key and one simulator-issued certificate per database: tests of the runner need stored credentials, not distinct ones.
async function makeMaterial(db: Db): Promise<Material> {
  const { privateKeyPem } = await generateKeyPair();
  const csrPem = await createCsr({
    companyName: 'Ferretería Güemes SRL',
    alias: 'runner',
    cuit: newCuit(),
    privateKeyPem,
  });
  const issued = await issueCertificate(db, { environment: 'sandbox', csrPem });
  if (!issued.ok) throw new Error(`simulator refused the test CSR: ${issued.error}`);
  return {
    privateKeyPem,
    certificatePem: issued.certificatePem,
    notAfter: new Date(new X509Certificate(issued.certificatePem).validTo),
  };
}

/** Stores validated credentials for the entry as the wizard's upload step leaves them, so completeRegistration accepts it. */
export async function storeValidatedCredentials(
  db: Db,
  ownerId: string,
  entryId: string,
): Promise<void> {
  if (!material.has(db)) material.set(db, makeMaterial(db));
  const { privateKeyPem, certificatePem, notAfter } = await material.get(db)!;
  await db.insert(schema.registrationCredentials).values({
    entryId,
    ownerId,
    source: 'byo',
    keySealed: sealSecret(privateKeyPem, getMasterKeyring(), entryId),
    certificatePem,
    certificateNotAfter: notAfter,
    validatedAt: new Date(),
  });
}
