// Browsers still ask for /favicon.ico now and then (before a page's icon link is read); the app's icon is app/icon.svg.
export function GET() {
  return new Response(null, {
    status: 308,
    headers: { Location: '/icon.svg', 'Cache-Control': 'public, max-age=86400' },
  });
}
