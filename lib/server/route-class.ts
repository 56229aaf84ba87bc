import { isApiPath } from '@/lib/api';
import { HEALTH_PATHS } from './health';

const LOCALE_PREFIX = /^\/(es|en)(?=\/|$)/;

/**
 * The label a request's latency is recorded under: a few fixed classes, never the path itself (a
 * registration ref or an id in a label would grow the metrics without bound and leak the ref).
 */
export function routeClass(pathname: string): string {
  if ((HEALTH_PATHS as readonly string[]).includes(pathname)) return 'health';
  if (pathname === '/metrics') return 'metrics';
  if (pathname.startsWith('/simulator/')) return 'simulator';
  if (isApiPath(pathname)) return `api_${pathname.split('/')[1] || 'root'}`;
  if (pathname.startsWith('/_next/')) return 'static';
  const page = pathname.replace(LOCALE_PREFIX, '');
  if (page.startsWith('/reg/')) return 'registration_page';
  if (page === '/console' || page.startsWith('/console/')) return 'console_page';
  return 'other_page';
}
