import type { ArcaEnvironment } from '@/lib/arca';

/** Whose credentials a verb works on: the registration's entry, its workspace and the company ARCA knows. */
export interface Supplier {
  entryId: string;
  ownerId: string;
  environment: ArcaEnvironment;
  company: { name: string; cuit: string };
}
