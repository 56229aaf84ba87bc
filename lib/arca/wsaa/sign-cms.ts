import 'server-only';
import { createHash, createPrivateKey } from 'node:crypto';
import * as asn1js from 'asn1js';
import { pemDer } from '../pem-blocks';
import { importSigningKey, pkijs } from '../x509';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sha256: '2.16.840.1.101.3.4.2.1',
};

/** Attached CMS SignedData over `content` (SHA-256 with RSA, signer certificate included), as DER. */
export async function signCms(
  content: string | Buffer,
  certificatePem: string,
  privateKeyPem: string,
  signingTime = new Date(),
): Promise<Buffer> {
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
  const certDer = pemDer(certificatePem, 'CERTIFICATE');
  const certificate = pkijs.Certificate.fromBER(new Uint8Array(certDer));
  const signed = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.data,
      eContent: new asn1js.OctetString({ valueHex: new Uint8Array(data) }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: certificate.issuer,
          serialNumber: certificate.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: OID.contentType,
              values: [new asn1js.ObjectIdentifier({ value: OID.data })],
            }),
            new pkijs.Attribute({
              type: OID.signingTime,
              values: [new asn1js.UTCTime({ valueDate: signingTime })],
            }),
            new pkijs.Attribute({
              type: OID.messageDigest,
              values: [
                new asn1js.OctetString({
                  valueHex: new Uint8Array(createHash('sha256').update(data).digest()),
                }),
              ],
            }),
          ],
        }),
      }),
    ],
    certificates: [certificate],
  });
  const pkcs8 = createPrivateKey(privateKeyPem).export({ type: 'pkcs8', format: 'pem' }) as string;
  await signed.sign(await importSigningKey(pkcs8), 0, 'SHA-256');
  const info = new pkijs.ContentInfo({
    contentType: OID.signedData,
    content: signed.toSchema(true),
  });
  return Buffer.from(info.toSchema().toBER(false));
}
