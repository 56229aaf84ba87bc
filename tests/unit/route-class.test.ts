import { describe, expect, it } from 'vitest';
import { routeClass } from '@/lib/server/route-class';

describe('routeClass', () => {
  it.each([
    ['/healthz', 'health'],
    ['/readyz', 'health'],
    ['/metrics', 'metrics'],
    ['/silo/v1/entries/0b3c', 'api_silo'],
    ['/transform/v1/jobs', 'api_transform'],
    ['/openapi.json', 'api_openapi.json'],
    ['/simulator/arca/sandbox/wsfe', 'simulator'],
    ['/_next/static/chunks/a.js', 'static'],
    ['/reg/secret-ref-123/upload', 'registration_page'],
    ['/en/reg/secret-ref-123', 'registration_page'],
    ['/console', 'console_page'],
    ['/es/console/jobs/1', 'console_page'],
    ['/consoles', 'other_page'],
    ['/', 'other_page'],
  ])('%s → %s (never the path itself)', (path, expected) => {
    expect(routeClass(path)).toBe(expected);
  });
});
