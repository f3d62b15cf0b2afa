import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { HttpClient, HttpError, REFERRER_HEADER, SLICED_PARSE_CHARS, embeddingReferrer } from '../src/content/http';
import { ProviderApi, resolveHosts } from '../src/content/provider';
import { DEFAULT_TIMEOUT_MS } from '../src/core/request-timeout';
import { FakeClock } from './fake-clock';
import {
  $,
  nextTask,
  cleanPlayersAndFaults,
  clearFailures,
  clearProviderLog,
  failNext,
  mountPlayer,
  shadow,
  FAULT_PROVIDER_URL,
  providerLog,
  rejection,
  text,
  waitFor,
  watchParses,
} from './helpers';

const fastRetry = { retries: 3, baseDelay: 20, maxDelay: 100 };
const api = (opts: ConstructorParameters<typeof HttpClient>[0] = {}) =>
  new ProviderApi(resolveHosts(FAULT_PROVIDER_URL), new HttpClient({ retry: fastRetry, ...opts }));

describe('HTTP client against the reference provider', () => {
  beforeEach(async () => {
    await clearFailures();
    await clearProviderLog();
  });
  after(clearFailures);

  it('sends the embedding page as protocol, host and path in the referrer header', async () => {
    expect(embeddingReferrer()).to.equal(`${location.protocol}//${location.host}${location.pathname}`);
    const res = await fetch(new URL('api/clients/demo', FAULT_PROVIDER_URL), {
      headers: { [REFERRER_HEADER]: 'https://a.example/b' },
    });
    expect(res.headers.get('X-Embed-Referrer-Seen')).to.equal('https://a.example/b');
    await api().clientConfig('demo');
    const log = await providerLog();
    const entry = log.filter((e) => e.method === 'GET' && e.path === '/api/clients/demo').at(-1);
    expect(entry?.referrer).to.equal(embeddingReferrer());
    // Without a referrer the header is still sent, empty.
    await clearProviderLog();
    await new ProviderApi(resolveHosts(FAULT_PROVIDER_URL), new HttpClient({ referrer: '' })).clientConfig('demo');
    const bare = (await providerLog()).filter((e) => e.method === 'GET' && e.path === '/api/clients/demo');
    expect(bare.map((e) => e.referrer)).to.deep.equal(['']);
  });

  it('retries idempotent GETs on 503, 429, 408 and network errors, then succeeds', async () => {
    for (const status of [503, 429, 408, 'drop'] as const) {
      await clearProviderLog();
      await failNext('/api/clients/demo', status, 2);
      const config = await api().clientConfig('demo');
      expect(config.client, String(status)).to.equal('demo');
      const hits = (await providerLog()).filter((e) => e.method === 'GET' && e.path === '/api/clients/demo');
      // Chromium itself may re-send once on a reset keep-alive socket, so a dropped connection can count twice.
      if (status === 'drop') expect(hits.length, String(status)).to.be.at.least(3);
      else expect(hits.length, String(status)).to.equal(3);
    }
  });

  it('never retries other 4xx', async () => {
    await failNext('/api/clients/demo', 400, 5);
    const error = await rejection<HttpError>(api().clientConfig('demo'));
    expect(error).to.be.instanceOf(HttpError);
    expect(error.reason).to.equal('status');
    expect(error.status).to.equal(400);
    expect(error.message).to.equal('Request failed with status code 400');
    const hits = (await providerLog()).filter((e) => e.method === 'GET' && e.path === '/api/clients/demo');
    expect(hits.length).to.equal(1);
  });

  it('gives up after the retries with a network error', async () => {
    // Enough drops for every attempt: browsers re-send a request on a reset socket (Firefox up to several times).
    await failNext('/api/clients/demo', 'drop', 100);
    const error = await rejection<HttpError>(api().clientConfig('demo'));
    expect(error.reason).to.equal('network');
    expect(error.message).to.equal('Network Error');
    // 1 + 3 retries (the browser may add its own re-sends).
    expect(
      (await providerLog()).filter((e) => e.method === 'GET' && e.path === '/api/clients/demo').length,
    ).to.be.at.least(4);
  });

  it('aborts through an AbortSignal, also while waiting to retry', async () => {
    const abort = new AbortController();
    abort.abort();
    expect((await rejection<HttpError>(api().clientConfig('demo', abort.signal))).reason).to.equal('aborted');
    await failNext('/api/clients/demo', 503, 10);
    // The first answer (503) seen by the client: it is then waiting to retry (seconds away).
    let answers = 0;
    const counted: typeof fetch = (input, init) => {
      const response = fetch(input, init);
      void response.then(
        () => answers++,
        () => undefined,
      );
      return response;
    };
    const slow = new ProviderApi(
      resolveHosts(FAULT_PROVIDER_URL),
      new HttpClient({ retry: { retries: 5, baseDelay: 2000, maxDelay: 2000 }, fetch: counted }),
    );
    const a2 = new AbortController();
    const pending = rejection<HttpError>(slow.clientConfig('demo', a2.signal));
    await waitFor(() => answers === 1, 'the first attempt answered');
    a2.abort();
    expect((await pending).reason).to.equal('aborted');
    expect(answers, 'no second attempt').to.equal(1);
  });

  it('times out on the given clock: nothing before the limit, the timeout error at it', async () => {
    const clock = new FakeClock();
    const hang: typeof fetch = (_u, init) =>
      new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
      );
    const retry = { retries: 0, baseDelay: 1, maxDelay: 1 };
    const client = new HttpClient({ timeout: DEFAULT_TIMEOUT_MS, retry, fetch: hang, clock });
    let outcome: unknown;
    client.get('http://x.invalid/', 'a').catch((e: unknown) => (outcome = e));
    await nextTask();
    clock.tick(DEFAULT_TIMEOUT_MS - 1);
    await nextTask();
    expect(outcome, 'still waiting just before the limit').to.equal(undefined);
    clock.tick(1);
    await waitFor(() => outcome, 'the timeout');
    expect((outcome as HttpError).reason).to.equal('timeout');
    expect((outcome as HttpError).message).to.equal('timeout exceeded');
  });

  it('waits for its retries on the given clock', async () => {
    const clock = new FakeClock();
    let calls = 0;
    const failing: typeof fetch = () => (calls++, Promise.reject(new TypeError('network')));
    const client = new HttpClient({
      retry: { retries: 1, baseDelay: 60_000, maxDelay: 60_000 },
      fetch: failing,
      clock,
    });
    let outcome: unknown;
    client.get('http://x.invalid/', 'a').catch((e: unknown) => (outcome = e));
    await waitFor(() => calls === 1, 'the first attempt');
    await nextTask();
    expect(calls, 'no second attempt while the clock stands').to.equal(1);
    clock.tick(75_000); // the backoff is 60 s +-25 %
    await waitFor(() => outcome, 'the second attempt failing');
    expect(calls).to.equal(2);
    expect((outcome as HttpError).reason).to.equal('network');
  });

  it('refuses bodies over 5 MB, by Content-Length or as the stream turns out longer; 5 MB itself is read', async () => {
    const mb = 1024 * 1024;
    const stream = (bytes: number, chunk = 256 * 1024) => {
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= bytes) return controller.close();
          const n = Math.min(chunk, bytes - sent);
          sent += n;
          controller.enqueue(new Uint8Array(n).fill(0x20)); // spaces: valid JSON around a value
        },
      });
    };
    const client = (body: () => Response) =>
      new HttpClient({ retry: { retries: 0, baseDelay: 1, maxDelay: 1 }, fetch: () => Promise.resolve(body()) });
    const declared = await rejection<HttpError>(
      client(() => new Response('{}', { headers: { 'Content-Length': String(6 * mb) } })).get('http://x.invalid/', 'a'),
    );
    expect([declared.reason, declared.message]).to.deep.equal(['too-large', 'Response larger than 5 MB']);
    const undeclared = await rejection<HttpError>(
      client(() => new Response(stream(6 * mb))).get('http://x.invalid/', 'a'),
    );
    expect(undeclared.reason).to.equal('too-large');
    // Exactly 5 MB of spaces around a value is a valid answer.
    const exact = await client(
      () => new Response(new Blob([new Uint8Array(5 * mb - 2).fill(0x20), '{}']).stream()),
    ).get<object>('http://x.invalid/', 'a');
    expect(exact).to.deep.equal({});
  });

  it('rejects malformed JSON with a parse error', async () => {
    const client = new HttpClient({ fetch: () => Promise.resolve(new Response('{oops', { status: 200 })) });
    expect((await rejection<HttpError>(client.get('http://x.invalid/', 'a'))).reason).to.equal('parse');
  });

  describe('a large JSON answer', () => {
    // About 0.8 MB: a list of 10,000 items, each naming the marker the parse watcher looks for.
    const item = (i: number) => ({ code: `MARK_${i}`, labels: { en: `"${i}" \\ é` }, n: i / 7 });
    const items = Array.from({ length: 10000 }, (_, i) => item(i));
    const text = JSON.stringify({ code: 'root', children: [{ code: 'C', children: items }] });
    const get = (body: string, signal?: AbortSignal) => {
      const fetch = () => Promise.resolve(new Response(body));
      const client = new HttpClient({ retry: { retries: 0, baseDelay: 1, maxDelay: 1 }, fetch });
      return client.get('http://x.invalid/', 'a', { signal });
    };

    it('is parsed in slices: JSON.parse’s result, in more than one task, never the whole text at once', async () => {
      expect(text.length).to.be.above(10 * SLICED_PARSE_CHARS);
      const watch = watchParses((t) => t.includes('MARK_'));
      let value: unknown;
      try {
        value = await get(text);
      } finally {
        watch.restore();
      }
      expect(value).to.deep.equal(JSON.parse(text));
      const longest = Math.max(...watch.calls.map((c) => c.chars));
      expect(longest, 'the longest text given to JSON.parse').to.be.below(SLICED_PARSE_CHARS);
      expect(watch.tasks(), 'tasks the parse ran in').to.be.above(1);
    });

    it('malformed, is a parse error', async () => {
      const error = await rejection<HttpError>(get(text.replace('"MARK_5000"', '"MARK_5000",')));
      expect([error.reason, error.message]).to.deep.equal(['parse', 'Invalid response']);
    });

    it('aborted while it is parsed, is an abort (the parse stops)', async () => {
      const abort = new AbortController();
      // Aborted as the first piece is parsed: the parse stops at its next yield.
      const watch = watchParses((t) => t.includes('MARK_') && (abort.abort(), true));
      let error: HttpError;
      try {
        error = await rejection<HttpError>(get(text, abort.signal));
      } finally {
        watch.restore();
      }
      expect(watch.calls.length, 'pieces parsed').to.be.at.least(1);
      expect(
        watch.calls.reduce((n, c) => n + c.chars, 0),
        'characters parsed',
      ).to.be.below(text.length / 2);
      expect(error.reason).to.equal('aborted');
    });
  });
});

describe('provider failures reach the screen as a message with a retry action', () => {
  cleanPlayersAndFaults();

  it('a client configuration that keeps failing shows a translated message; retry recovers', async () => {
    // The profile is requested in parallel with the configuration (route loaders): both fail here.
    await failNext('/api/clients/demo', 503, 100);
    const el = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL });
    await waitFor(() => $(el, '.load-failure'), 'failure message', 15000);
    expect(text(el, '.load-failure-message')).to.equal(
      'The content server answered with an error (503). Please try again.',
    );
    await clearFailures();
    $(el, '.load-failure button')!.click();
    await waitFor(() => $(el, '.menu-sections'), 'menu after retry', 15000);
  });

  it('a profile that cannot be reached offers retry, and the rest of the player keeps working', async () => {
    await failNext('/api/clients/demo/profile', 'drop', 100);
    const el = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL });
    await waitFor(() => $(el, '.load-failure[data-error-kind="network"]'), 'network failure', 15000);
    expect(text(el, '.load-failure-message')).to.equal(
      "We couldn't reach the content server. Check your connection and try again.",
    );
    expect(text(el, '.practice-name')).to.not.equal('');
    await clearFailures(); // the network is back
    // Try again from the keyboard: the button goes with the failure, and the menu's heading takes the focus.
    $<HTMLButtonElement>(el, '.load-failure button')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $(el, '.menu-sections'), 'menu after retry', 15000);
    await waitFor(
      () => shadow(el).activeElement?.matches('h2.menu-heading'),
      'the menu heading focused after Try again',
    );
  });

  it('a visitor who has moved on keeps the focus where they put it when the screen comes back', async () => {
    await failNext('/api/clients/demo/profile', 'drop', 100);
    const el = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL });
    const retry = await waitFor(() => $<HTMLButtonElement>(el, '.load-failure button'), 'Try again', 15000);
    retry.focus();
    retry.blur(); // the visitor clicked the page's text: the focus is on the page's body
    await clearFailures();
    retry.click(); // (the page retries it, say)
    // The player moves the focus in a mutation observer's callback, a microtask after the menu is put on the page:
    // when a look (a later task) sees the menu, that has run.
    await waitFor(() => $(el, '.menu-sections'), 'menu after retry', 15000);
    expect(shadow(el).activeElement, 'nothing in the player took the focus').to.equal(null);
    expect(document.activeElement === document.body).to.equal(true);
  });

  it('a playlist that cannot be reached offers retry; retry requests it again and the player starts', async () => {
    // Not A_DEMO_VIDEO: its media must stay out of this provider's HTTP cache (a later test breaks it).
    await failNext('/api/clients/demo/playlists/A_KNEE_REPLACEMENT', 'drop', 100);
    const el = await mountPlayer({ client: 'demo', code: 'A_KNEE_REPLACEMENT', 'provider-url': FAULT_PROVIDER_URL });
    await waitFor(() => $(el, '.player-screen .load-failure[data-error-kind="network"]'), 'network failure', 15000);
    await clearFailures();
    $<HTMLButtonElement>(el, '.player-screen .load-failure button')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(
      () => $(el, '.player-screen[data-code="A_KNEE_REPLACEMENT"] .stage'),
      'the player after retry',
      15000,
    );
    await waitFor(
      () => shadow(el).activeElement?.matches('h2.playlist-title'),
      'the playlist title focused after Try again',
    );
    await waitFor(() => el.getPlayerState() === 0, 'the first item ready', 10000);
  });

  it('an unknown playlist shows not-found with a way back to the menu', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_NOPE404', 'provider-url': FAULT_PROVIDER_URL });
    await waitFor(() => $(el, '.load-failure'), 'failure');
    expect(text(el, '.load-failure-message')).to.equal('This content could not be found.');
    $(el, '[data-action="menu"]')!.click();
    await waitFor(() => $(el, '.menu-sections'), 'menu');
  });

  it('a wrong API host (404 for the configuration) shows the client-error screen, not a crash', async () => {
    const el = await mountPlayer({
      client: 'demo',
      'provider-url': FAULT_PROVIDER_URL,
      'api-url': new URL('static/', FAULT_PROVIDER_URL).href,
    });
    // The static host answers 404 for the configuration path: treated as an unknown client.
    await waitFor(() => $(el, '[data-screen="error"]'), 'client error for a wrong API host');
  });
});
