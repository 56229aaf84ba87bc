// The baseline: a bare, static Next.js page with nothing of ours in front of it.
export default function Page() {
  return (
    <main>
      <h1>Static baseline</h1>
      <p>A bare static Next.js page.</p>
    </main>
  );
}
