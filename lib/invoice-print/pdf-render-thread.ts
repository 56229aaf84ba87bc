import { parentPort } from 'node:worker_threads';
import { DomainError } from '@/lib/errors';
import type { RenderReply, RenderRequest } from './pdf-render-messages';
import { renderVoucherPdf } from './render-voucher-pdf';

// A render thread of the PDF render pool: the same renderVoucherPdf as in the main thread, one
// voucher at a time (the pool sends the next once this one is answered).
const port = parentPort!;
port.on('message', (request: RenderRequest) => {
  void renderVoucherPdf(request.layout, request.options).then(
    (pdf) => reply({ id: request.id, ok: true, pdf }),
    (error: unknown) =>
      reply({
        id: request.id,
        ok: false,
        tooLarge: error instanceof DomainError && error.code === 'pdf_too_large',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});

function reply(answer: RenderReply) {
  port.postMessage(answer);
}
