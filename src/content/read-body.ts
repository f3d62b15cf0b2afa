/** A provider answer's body, read up to a limit (the HTTP client's, and the entry's first requests'). Pure. */

/** No provider answer is read past this (a hostile or broken provider cannot make the player hold more). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** What readLimited throws for a body over MAX_BODY_BYTES. */
export const TOO_LARGE = new Error('too large');

/** The body as text, refused (TOO_LARGE) past `limit` bytes, whatever its Content-Length says. */
export async function readLimited(response: Response, limit = MAX_BODY_BYTES): Promise<string> {
  if (Number(response.headers.get('content-length')) > limit) throw TOO_LARGE;
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => undefined);
      throw TOO_LARGE;
    }
    text += decoder.decode(value, { stream: true });
  }
}
