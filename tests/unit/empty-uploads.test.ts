import { describe, expect, it } from 'vitest';
import { emptyUploads } from '@/app/[locale]/reg/[ref]/empty-uploads';

describe('emptyUploads', () => {
  const file = (name: string, size: number) => ({ name, bytes: new Uint8Array(size) });
  const message = (name: string) => `«${name}» is empty`;

  it('names each empty file and marks its field, in the order given', () => {
    expect(emptyUploads({ certificate: file('a.crt', 0), key: file('b.key', 0) }, message)).toEqual(
      {
        errors: ['«a.crt» is empty', '«b.key» is empty'],
        fields: { certificate: 'empty', key: 'empty' },
      },
    );
    expect(
      emptyUploads({ certificate: file('a.crt', 10), key: file('b.key', 0) }, message),
    ).toEqual({ errors: ['«b.key» is empty'], fields: { key: 'empty' } });
  });

  it('says nothing when no file was chosen or every chosen file has bytes', () => {
    expect(emptyUploads({ file: undefined }, message)).toBeUndefined();
    expect(
      emptyUploads({ certificate: file('a.crt', 1), key: undefined }, message),
    ).toBeUndefined();
  });
});
