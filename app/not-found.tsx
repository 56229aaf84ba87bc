// Requests outside any locale (rare: the proxy localises almost everything) get a plain 404.
export default function GlobalNotFound() {
  return (
    <html lang="es">
      <body>
        <main>
          <h1>404 — No encontramos esta página / Page not found</h1>
          <a href="/">Inicio / Home</a>
        </main>
      </body>
    </html>
  );
}
