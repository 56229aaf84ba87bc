import { createTranslator } from 'next-intl';
import es from '@/messages/es.json';
import en from '@/messages/en.json';

/** The printed voucher's words (messages' `invoicePrint`), outside React: the PDF is made in a step too. */
export function voucherTranslator(locale: 'es' | 'en') {
  return createTranslator({
    locale,
    messages: locale === 'es' ? es : (en as typeof es),
    namespace: 'invoicePrint',
  });
}

export type VoucherTranslator = ReturnType<typeof voucherTranslator>;
