export { routing } from './routing';
export type { Locale } from './routing';
export { Link, redirect, usePathname, useRouter, getPathname } from './navigation';
export { localeParams } from './locale-param';
