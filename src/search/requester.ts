import type { EndRequest, Requester, Response as AlgoliaResponse } from '@algolia/client-common';
import { MAX_BODY_BYTES, readLimited, TOO_LARGE } from '../content/http';
import { realClock, type TimerClock } from '../core/clock';

/**
 * The hosted search client's requester: fetch, like Algolia's own fetch requester (its timeouts: connect, then
 * response, on the player's clock), but no answer is read past MAX_BODY_BYTES, as for every provider answer. Such an
 * answer counts as a network failure (status 0): the client tries its other hosts, then the dialog says search is
 * unavailable.
 */
export function createLimitedRequester(
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
  clock: TimerClock = realClock,
): Requester {
  async function send(request: EndRequest): Promise<AlgoliaResponse> {
    const abort = new AbortController();
    let timer = clock.setTimeout(() => abort.abort(), request.connectTimeout);
    try {
      let response: Response;
      try {
        response = await fetchImpl(request.url, {
          method: request.method,
          body: (request.data ?? null) as BodyInit | null,
          headers: request.headers,
          redirect: 'manual',
          signal: abort.signal,
        });
      } catch (error) {
        return {
          status: 0,
          content: (error as Error)?.message || 'Connection timeout',
          isTimedOut: abort.signal.aborted,
        };
      }
      clock.clearTimeout(timer);
      timer = clock.setTimeout(() => abort.abort(), request.responseTimeout);
      try {
        return { status: response.status, content: await readLimited(response), isTimedOut: false };
      } catch (error) {
        if (error === TOO_LARGE)
          return { status: 0, content: `Response larger than ${MAX_BODY_BYTES / 1048576} MB`, isTimedOut: false };
        return { status: 0, content: (error as Error)?.message || 'Socket timeout', isTimedOut: abort.signal.aborted };
      }
    } finally {
      clock.clearTimeout(timer);
    }
  }
  return { send };
}
