import Link from 'next/link';

// Requests outside any locale (rare: the proxy localises almost everything) get a plain 404.
export default function GlobalNotFound() {
  return (
    <html lang="es">
      <body>
        <main>
          <h1>404 — No encontramos esta página / Page not found</h1>
          <Link href="/">Inicio / Home</Link>
        </main>
      </body>
    </html>
  );
}
