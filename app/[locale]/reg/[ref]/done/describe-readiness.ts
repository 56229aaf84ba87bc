import 'server-only';
import { getFormatter, getTranslations } from 'next-intl/server';
import { explainOutcome } from '@/lib/arca';
import type { Locale } from '@/lib/i18n';
import type { InvoicingReadiness, PointOfSaleReadiness } from '@/lib/registration';
import { displayNumber } from '@/lib/invoices';

export interface ReadinessLine {
  pointOfSale: number;
  ready: boolean;
  text: string;
}

/** What the done step shows after a readiness check: one line per point of sale, and whether to show how to create one. */
export interface ReadinessView {
  lines: ReadinessLine[];
  /** No point of sale can invoice yet. */
  noneReady: boolean;
  /** Some point of sale cannot be used: the steps to create one for web services follow. */
  showGuide: boolean;
}

export async function describeReadiness(
  readiness: Extract<InvoicingReadiness, { ok: true }>,
  locale: Locale,
): Promise<ReadinessView> {
  const t = await getTranslations({ locale, namespace: 'wizard' });
  const formatter = await getFormatter({ locale });
  // FchBaja is a calendar day in Argentina: read at UTC midnight so no zone shifts it (as PointsTable).
  const format = (date: string) =>
    formatter.dateTime(new Date(`${date}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
  const lineOf = (pos: PointOfSaleReadiness): ReadinessLine => {
    const number = String(pos.number).padStart(4, '0');
    const base = { pointOfSale: pos.number, ready: pos.ready };
    if (!pos.usable) {
      const reason =
        pos.problem === 'closed' && pos.closedOn
          ? t('pos.problem.closedOn', { date: format(pos.closedOn) })
          : t(`pos.problem.${pos.problem ?? 'not_cae'}`);
      return { ...base, text: t('readiness.notUsable', { pos: number, reason }) };
    }
    if (pos.outcome)
      return {
        ...base,
        text: t('readiness.failed', { pos: number, reason: explainOutcome(pos.outcome, locale) }),
      };
    const [only, ...others] = pos.lastVouchers;
    if (only && others.length === 0)
      return {
        ...base,
        text:
          only.number > 0
            ? t('readiness.readyLast', {
                pos: number,
                last: displayNumber(pos.number, only.number),
              })
            : t('readiness.readyFirst', { pos: number, next: displayNumber(pos.number, 1) }),
      };
    const list = pos.lastVouchers
      .map((last) => {
        const type = t(`voucherTypes.${last.voucherType}`);
        return last.number > 0
          ? t('readiness.lastOfType', { type, last: displayNumber(pos.number, last.number) })
          : t('readiness.noneOfType', { type });
      })
      .join(', ');
    return { ...base, text: t('readiness.readyMany', { pos: number, list }) };
  };
  const lines = readiness.points.map(lineOf);
  return {
    lines,
    noneReady: !lines.some((line) => line.ready),
    showGuide: readiness.points.length === 0 || readiness.points.some((pos) => !pos.usable),
  };
}
