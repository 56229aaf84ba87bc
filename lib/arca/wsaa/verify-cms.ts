import { X509Certificate } from 'node:crypto';
import { pkijs } from '../x509';

type VerifiedCms =
  | { ok: true; content: string; certificate: X509Certificate }
  | { ok: false; fault: 'cms.bad' | 'cms.cert.notFound' | 'cms.sign.invalid' };

const MAX_CMS_BYTES = 64 * 1024;

/** Checks an attached CMS SignedData as WSAA does: content present, signer certificate included, signature valid. */
export async function verifyCms(der: Uint8Array): Promise<VerifiedCms> {
  let signed: pkijs.SignedData;
  let content: Uint8Array;
  try {
    if (der.byteLength > MAX_CMS_BYTES) return { ok: false, fault: 'cms.bad' };
    const info = pkijs.ContentInfo.fromBER(new Uint8Array(der));
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) return { ok: false, fault: 'cms.bad' };
    signed = new pkijs.SignedData({ schema: info.content });
    const eContent = signed.encapContentInfo.eContent;
    if (!eContent || signed.signerInfos.length !== 1) return { ok: false, fault: 'cms.bad' };
    content = new Uint8Array(eContent.getValue());
  } catch {
    return { ok: false, fault: 'cms.bad' };
  }
  const certificate = signed.certificates?.find(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  if (!certificate) return { ok: false, fault: 'cms.cert.notFound' };
  try {
    const valid = await signed.verify({ signer: 0, checkChain: false, extendedMode: false });
    if (!valid) return { ok: false, fault: 'cms.sign.invalid' };
  } catch {
    return { ok: false, fault: 'cms.sign.invalid' };
  }
  try {
    const x509 = new X509Certificate(Buffer.from(certificate.toSchema().toBER(false)));
    return { ok: true, content: Buffer.from(content).toString('utf8'), certificate: x509 };
  } catch {
    return { ok: false, fault: 'cms.cert.notFound' };
  }
}
