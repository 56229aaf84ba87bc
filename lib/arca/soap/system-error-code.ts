/** The socket's error code (ECONNREFUSED…), found however many transport errors wrap it. */
export function systemErrorCode(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Refused before a byte was sent: nothing can have reached ARCA. */
export const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
