/**
 * The worker thread's code: plain JavaScript with only Node built-ins, so it runs the same under
 * Next's bundle, tsx and vitest. Two jobs: open an encrypted PKCS#8 key (OpenSSL does the work), and
 * decrypt a PKCS#12 EncryptedData whose scheme the main thread already read and bounded.
 */
export const DECRYPT_WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createDecipheriv, createHash, createPrivateKey, pbkdf2Sync, scryptSync } = require('node:crypto');

function openKey({ key, passphrase }) {
  const options = key.pem !== undefined ? { key: key.pem, format: 'pem', passphrase } : { key: key.der, format: 'der', type: 'pkcs8', passphrase };
  return createPrivateKey(options).export({ type: 'pkcs8', format: 'der' });
}

// RFC 7292 appendix B.2: PKCS#12's own key derivation (the password as a NUL-terminated BMPString).
function pkcs12Kdf(hash, password, salt, id, iterations, size) {
  const u = createHash(hash).digest().length;
  const v = 64;
  const repeat = (b, len) => { const out = Buffer.alloc(len); for (let i = 0; i < len; i++) out[i] = b[i % b.length]; return out; };
  const bmp = Buffer.concat([Buffer.from(password, 'utf16le').swap16(), Buffer.alloc(2)]);
  const S = salt.length ? repeat(salt, v * Math.ceil(salt.length / v)) : Buffer.alloc(0);
  const P = repeat(bmp, v * Math.ceil(bmp.length / v));
  const I = Buffer.concat([S, P]);
  const D = Buffer.alloc(v, id);
  const out = [];
  for (let produced = 0; produced < size; produced += u) {
    let A = createHash(hash).update(D).update(I).digest();
    for (let i = 1; i < iterations; i++) A = createHash(hash).update(A).digest();
    out.push(A);
    const B = repeat(A, v);
    for (let j = 0; j < I.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const sum = I[j + k] + B[k] + carry;
        I[j + k] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
  return Buffer.concat(out).subarray(0, size);
}

function decryptData({ scheme, data, passphrase }) {
  let key, iv;
  if (scheme.kind === 'pkcs12') {
    key = pkcs12Kdf('sha1', passphrase, Buffer.from(scheme.salt), 1, scheme.iterations, scheme.keyLength);
    iv = pkcs12Kdf('sha1', passphrase, Buffer.from(scheme.salt), 2, scheme.iterations, 8);
  } else {
    const salt = Buffer.from(scheme.salt);
    key = scheme.kdf === 'scrypt'
      ? scryptSync(passphrase, salt, scheme.keyLength, { N: scheme.N, r: scheme.r, p: scheme.p, maxmem: 64 * 1024 * 1024 })
      : pbkdf2Sync(passphrase, salt, scheme.iterations, scheme.keyLength, scheme.prf);
    iv = Buffer.from(scheme.iv);
  }
  const decipher = createDecipheriv(scheme.cipher, key, iv);
  return Buffer.concat([decipher.update(Buffer.from(data)), decipher.final()]);
}

parentPort.on('message', (job) => {
  try {
    const der = job.op === 'data' ? decryptData(job) : openKey(job);
    parentPort.postMessage({ id: job.id, ok: true, der });
  } catch (error) {
    const text = String((error && error.code) || '') + ' ' + String((error && error.message) || '');
    parentPort.postMessage({ id: job.id, ok: false, unsupported: /unsupported/i.test(text) });
  }
});
`;
