import type { Field } from '@/lib/invoice-print';

/** «Label value» as the voucher prints it; wraps on a phone. */
export function VoucherField({ field, testId }: { field: Field; testId?: string }) {
  return (
    <p className="flex flex-wrap gap-x-2">
      <span className="font-semibold">{field.label}</span>
      <span className="min-w-0 break-words" data-testid={testId}>
        {field.value}
      </span>
    </p>
  );
}
