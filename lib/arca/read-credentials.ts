import { isPkcs12 } from './pkcs12-structure';
import { readCertificate, type IntakeCode, type ReadCertificate } from './read-certificate';
import { readPkcs12, type Pkcs12Code } from './read-pkcs12';
import { readPrivateKey, type KeyIntakeCode, type ReadPrivateKey } from './read-private-key';

export type CredentialsResult =
  | { ok: true; certificate: ReadCertificate; key: ReadPrivateKey }
  | { ok: false; code: IntakeCode | KeyIntakeCode | Pkcs12Code };

/**
 * A certificate and its private key as a supplier brings them: two files, or one PKCS#12 (.p12/.pfx)
 * in either field, which carries both (the other field may then stay empty). Never throws.
 */
export async function readCredentials(input: {
  certificate?: Uint8Array | string;
  key?: Uint8Array | string;
  password?: string;
}): Promise<CredentialsResult> {
  const bundle = [input.certificate, input.key].find(
    (file) => file instanceof Uint8Array && file[0] === 0x30 && isPkcs12(Buffer.from(file)),
  );
  if (bundle)
    return readPkcs12(Buffer.from(bundle as Uint8Array), input.password).catch(
      () => ({ ok: false, code: 'key_garbage' }) as const,
    );
  const key = await readPrivateKey(input.key ?? '', input.password);
  if (!key.ok) return key;
  const certificate = readCertificate(input.certificate ?? '');
  return certificate.ok ? { ok: true, certificate, key } : certificate;
}
