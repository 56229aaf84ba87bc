/** The CSR as a .csr file: ARCA's «Agregar alias» (live) asks for the file, not the text. */
export function CsrDownload({ refCode, label }: { refCode: string; label: string }) {
  return (
    <a
      href={`/reg/${refCode}/csr`}
      download
      className="inline-flex min-h-11 items-center rounded-md border border-slate-500 bg-white px-4 py-2 font-medium text-slate-900 hover:bg-slate-100"
    >
      {label}
    </a>
  );
}
