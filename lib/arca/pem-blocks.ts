interface PemBlock {
  label: string;
  der: Buffer;
  /** Header lines such as `Proc-Type: 4,ENCRYPTED` (legacy OpenSSL encryption). */
  headers: string;
}

const BLOCK = /-----BEGIN ([A-Z0-9 ]{1,40})-----([\s\S]*?)-----END \1-----/g;
const MAX_PEM_BLOCKS = 16;

/** PEM blocks in any text (LF, CRLF or CR line endings; surrounding text ignored). */
export function pemBlocks(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  for (const match of text.matchAll(BLOCK)) {
    if (blocks.length >= MAX_PEM_BLOCKS) break;
    const lines = match[2]!.split(/\r\n|\r|\n/);
    const headers = lines.filter((l) => l.includes(':')).join('\n');
    const body = lines
      .filter((l) => !l.includes(':'))
      .join('')
      .replace(/\s+/g, '');
    blocks.push({ label: match[1]!, der: Buffer.from(body, 'base64'), headers });
  }
  return blocks;
}

/** The DER of the first `label` block in a PEM text (a key or certificate this service wrote itself). */
export function pemDer(pem: string, label: string): Buffer {
  const block = pemBlocks(pem).find((b) => b.label === label);
  if (!block) throw new Error(`no ${label} PEM block`);
  return block.der;
}

/** The text of an input when it looks like text (PEM or bare base64), else undefined. */
export function asText(input: string | Uint8Array): string | undefined {
  if (typeof input === 'string') return input;
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes[0] === 0x30) return undefined; // DER always starts with a SEQUENCE
  const utf16 = utf16Order(bytes);
  if (utf16 === 'le') return bytes.toString('utf16le');
  if (utf16 === 'be') return Buffer.from(bytes).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

// Windows tools (PowerShell's `>`, Notepad's "Unicode") save PEM text as UTF-16, with or without a byte order mark.
function utf16Order(bytes: Buffer): 'le' | 'be' | undefined {
  if (bytes.length < 2 || bytes.length % 2 !== 0) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'be';
  if (bytes[0] !== 0 && bytes[1] === 0) return 'le';
  if (bytes[0] === 0 && bytes[1] !== 0) return 'be';
  return undefined;
}

/** Bare base64 of a DER object (a PEM pasted without its BEGIN/END lines). */
export function bareBase64(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, '');
  if (compact.length < 64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
  const der = Buffer.from(compact, 'base64');
  return der[0] === 0x30 ? der : undefined;
}

export function toPem(label: string, der: Uint8Array): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
