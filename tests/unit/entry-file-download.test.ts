import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/components/console/format-date-time';
import { fileDownloadHeaders, safeFilename } from '@/lib/silo';

const headersFor = (name: string) =>
  fileDownloadHeaders({ name, mime: 'application/pdf', hash: 'ab'.repeat(32), size: 3 });

describe('safeFilename', () => {
  it('keeps an ordinary name, accents and spaces included', () => {
    expect(safeFilename('Factura 0002-00000001 Ñandú.pdf')).toBe('Factura 0002-00000001 Ñandú.pdf');
  });

  it('drops folders, so a name never climbs out of the download folder', () => {
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('C:\\Windows\\system32\\x.dll')).toBe('x.dll');
  });

  it('replaces control characters, quotes and what file systems refuse; trims dots and spaces', () => {
    expect(safeFilename('a\r\nContent-Type: text.pdf')).toBe('a__Content-Type_ text.pdf');
    expect(safeFilename('"x"<y>|z?*.pdf')).toBe('_x__y__z__.pdf');
    expect(safeFilename('  ..oculto.pdf. ')).toBe('oculto.pdf');
  });

  it('gives `file` when nothing is left, and cuts very long names', () => {
    expect(safeFilename('')).toBe('file');
    expect(safeFilename('../..')).toBe('file');
    expect(safeFilename('a'.repeat(500))).toHaveLength(150);
  });
});

describe('fileDownloadHeaders', () => {
  it('says attachment, with an ASCII name and the exact one in UTF-8 (RFC 6266)', () => {
    expect(headersFor('Año «1».pdf')['Content-Disposition']).toBe(
      `attachment; filename="Ano _1_.pdf"; filename*=UTF-8''A%C3%B1o%20%C2%AB1%C2%BB.pdf`,
    );
    expect(headersFor("it's (1).pdf")['Content-Disposition']).toBe(
      `attachment; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    );
  });

  it('never lets a header be split or a quote close the name early', () => {
    const disposition = headersFor('x"\r\nSet-Cookie: a=b\\.pdf')['Content-Disposition'];
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(disposition.match(/"/g)).toHaveLength(2);
  });

  it('keeps the stored type, with nosniff, a sandbox and the SHA-256 as ETag', () => {
    expect(headersFor('a.pdf')).toMatchObject({
      'Content-Type': 'application/pdf',
      'Content-Length': '3',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      ETag: `"${'ab'.repeat(32)}"`,
    });
  });
});

describe('formatDateTime', () => {
  it('writes dd/mm/aaaa hh:mm in Buenos Aires time', () => {
    expect(formatDateTime(new Date('2026-11-28T02:05:00Z'))).toBe('27/11/2026 23:05');
    expect(formatDateTime(new Date('2026-01-05T15:00:00Z'))).toBe('05/01/2026 12:00');
  });
});
