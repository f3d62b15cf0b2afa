/**
 * Identical GET requests of the players on one page share one network request while in flight, and a fresh answer
 * is reused for a short time (the provider's Cache-Control, at most a minute); failures are never reused, one player's
 * abort or time limit leaves the others waiting, and every player parses its own copy.
 */
import { expect } from '@open-wc/testing';
import { HttpClient, HttpError } from '../src/content/http';
import {
  FRESH_DEFAULT_MS,
  FRESH_MAX_ENTRIES,
  FRESH_MAX_MS,
  freshFor,
  LENT_KEEP_MS,
  pageRequests,
  SharedRequests,
  type SharedAnswer,
} from '../src/content/shared-requests';
import { FakeClock } from './fake-clock';
import {
  $,
  cleanPlayersAndFaults,
  clearProviderLog,
  failNext,
  FAULT_PROVIDER_URL,
  mountPlayer,
  nextTask,
  providerLog,
  rejection,
  waitFor,
} from './helpers';

/** A network that answers when told: each started request is a deferred answer with the signal it was given. */
function network() {
  const started: {
    signal: AbortSignal;
    answer: (a: Partial<SharedAnswer>) => void;
    fail: (e: Error) => void;
  }[] = [];
  const start = (signal: AbortSignal) =>
    new Promise<SharedAnswer>((resolve, reject) => {
      started.push({
        signal,
        answer: (a) => resolve({ text: 'x', status: 200, freshFor: 0, ...a }),
        fail: reject,
      });
      signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    });
  return { started, start };
}
const aborted = () => new Error('stopped');

describe('Shared requests: the rules', () => {
  it('reads Cache-Control: max-age up to a minute, nothing under no-store or no-cache, a default without one', () => {
    expect(freshFor('public, max-age=30')).to.equal(30_000);
    expect(freshFor('max-age=300')).to.equal(FRESH_MAX_MS);
    expect(freshFor('public, max-age=0')).to.equal(0);
    expect(freshFor('no-store')).to.equal(0);
    expect(freshFor('private, no-cache')).to.equal(0);
    expect(freshFor('Public, Max-Age="12"')).to.equal(12_000);
    expect(freshFor(null)).to.equal(FRESH_DEFAULT_MS);
    expect(freshFor('public')).to.equal(FRESH_DEFAULT_MS);
    expect(FRESH_DEFAULT_MS).to.equal(5000);
  });

  it('two callers of one key while in flight make one request and get one answer', async () => {
    const net = network();
    const shared = new SharedRequests(() => 0);
    const a = shared.get('k', net.start, undefined, aborted);
    const b = shared.get('k', net.start, undefined, aborted);
    const other = shared.get('other', net.start, undefined, aborted);
    expect(net.started).to.have.length(2);
    net.started[0].answer({ text: 'one' });
    net.started[1].answer({ text: 'two' });
    expect((await a).text).to.equal('one');
    expect((await b).text).to.equal('one');
    expect((await other).text).to.equal('two');
  });

  it('one caller that stops waiting leaves the other waiting; the request stops when nobody waits', async () => {
    const net = network();
    const shared = new SharedRequests(() => 0);
    const first = new AbortController();
    const second = new AbortController();
    const a = shared.get('k', net.start, first.signal, aborted);
    const b = shared.get('k', net.start, second.signal, aborted);
    first.abort();
    expect((await rejection(a)).message).to.equal('stopped');
    expect(net.started[0].signal.aborted, 'still wanted by the second').to.equal(false);
    second.abort();
    expect((await rejection(b)).message).to.equal('stopped');
    expect(net.started[0].signal.aborted, 'nobody waits any more').to.equal(true);
    // The next caller asks again.
    const c = shared.get('k', net.start, undefined, aborted);
    expect(net.started).to.have.length(2);
    net.started[1].answer({ text: 'again' });
    expect((await c).text).to.equal('again');
  });

  it('a failure reaches the callers waiting for it, and the next caller asks again', async () => {
    const net = network();
    const shared = new SharedRequests(() => 0);
    const a = shared.get('k', net.start, undefined, aborted);
    const b = shared.get('k', net.start, undefined, aborted);
    net.started[0].fail(new Error('503'));
    expect((await rejection(a)).message).to.equal('503');
    expect((await rejection(b)).message).to.equal('503');
    const c = shared.get('k', net.start, undefined, aborted);
    expect(net.started, 'a new request after the failure').to.have.length(2);
    net.started[1].answer({ text: 'ok', freshFor: 1000 });
    expect((await c).text).to.equal('ok');
  });

  it('a fresh answer is reused for its time, then asked again; one with no fresh time is not reused', async () => {
    let now = 0;
    const net = network();
    const shared = new SharedRequests(() => now);
    const a = shared.get('k', net.start, undefined, aborted);
    net.started[0].answer({ text: 'v1', freshFor: 1000 });
    await a;
    now = 999;
    expect((await shared.get('k', net.start, undefined, aborted)).text).to.equal('v1');
    expect(net.started).to.have.length(1);
    now = 1000;
    const b = shared.get('k', net.start, undefined, aborted);
    expect(net.started, 'stale at its time').to.have.length(2);
    net.started[1].answer({ text: 'v2', freshFor: 0 });
    expect((await b).text).to.equal('v2');
    const c = shared.get('k', net.start, undefined, aborted);
    expect(net.started, 'no-store answers are not kept').to.have.length(3);
    net.started[2].answer({ text: 'v3' });
    await c;
  });

  it('asked ahead: kept for the next asker whatever its freshness (LENT_KEEP_MS); leaves a kept answer', async () => {
    let now = 0;
    const net = network();
    const shared = new SharedRequests(() => now);
    // Ahead, then answered with no fresh time (max-age=0): kept for the one call it was made for, once.
    const ahead = shared.get('k', net.start, undefined, aborted, true);
    net.started[0].answer({ text: 'early', freshFor: 0 });
    expect((await ahead).text).to.equal('early');
    // A second look ahead finds it and leaves it there, for LENT_KEEP_MS more.
    now = LENT_KEEP_MS - 1;
    expect((await shared.get('k', net.start, undefined, aborted, true)).text).to.equal('early');
    now = 2 * LENT_KEEP_MS - 2;
    expect((await shared.get('k', net.start, undefined, aborted)).text).to.equal('early');
    expect(net.started).to.have.length(1);
    const again = shared.get('k', net.start, undefined, aborted);
    expect(net.started, 'taken: the next call asks again').to.have.length(2);
    net.started[1].answer({ text: 'v2' });
    await again;
    // Too old, or a failure: not kept.
    const late = shared.get('late', net.start, undefined, aborted, true);
    net.started[2].answer({ text: 'late' });
    await late;
    now += LENT_KEEP_MS;
    const after = shared.get('late', net.start, undefined, aborted);
    expect(net.started, 'too old: asked again').to.have.length(4);
    net.started[3].answer({ text: 'v2' });
    await after;
    const failing = shared.get('f', net.start, undefined, aborted, true);
    net.started[4].fail(new Error('503'));
    await rejection(failing);
    const retry = shared.get('f', net.start, undefined, aborted);
    expect(net.started, 'failed: asked again').to.have.length(6);
    net.started[5].answer({ text: 'ok' });
    await retry;
    // Joined while in flight by the call it was for: answered to both, and not kept for a third.
    const early = shared.get('j', net.start, undefined, aborted, true);
    const call = shared.get('j', net.start, undefined, aborted);
    net.started[6].answer({ text: 'both', freshFor: 0 });
    expect([(await early).text, (await call).text]).to.deep.equal(['both', 'both']);
    const third = shared.get('j', net.start, undefined, aborted);
    expect(net.started, 'taken in flight: not kept').to.have.length(8);
    net.started[7].answer({ text: 'v3' });
    await third;
    // A look ahead that fails is not the failure of the call that joined it: that call asks again.
    const failed = shared.get('g', net.start, undefined, aborted, true);
    const joined = shared.get('g', net.start, undefined, aborted);
    net.started[8].fail(new Error('503'));
    expect((await rejection(failed)).message).to.equal('503');
    await nextTask();
    expect(net.started, 'the call asks again').to.have.length(10);
    net.started[9].answer({ text: 'own' });
    expect((await joined).text).to.equal('own');
    // So too a lent one (the entry's).
    let failLent: (e: Error) => void = () => undefined;
    shared.lend('h', new Promise<SharedAnswer>((_, reject) => (failLent = reject)), new AbortController());
    const lentJoined = shared.get('h', net.start, undefined, aborted);
    failLent(new Error('503'));
    await nextTask();
    expect(net.started, 'the call asks again').to.have.length(11);
    net.started[10].answer({ text: 'own' });
    expect((await lentJoined).text).to.equal('own');
  });

  it(`keeps at most ${FRESH_MAX_ENTRIES} answers, the oldest going first`, async () => {
    const net = network();
    const shared = new SharedRequests(() => 0);
    for (let i = 0; i <= FRESH_MAX_ENTRIES; i++) {
      const p = shared.get(`k${i}`, net.start, undefined, aborted);
      net.started[i].answer({ text: `v${i}`, freshFor: 1000 });
      await p;
    }
    void shared.get(`k${FRESH_MAX_ENTRIES}`, net.start, undefined, aborted);
    expect(net.started, 'the newest is kept').to.have.length(FRESH_MAX_ENTRIES + 1);
    void shared.get('k0', net.start, undefined, aborted);
    expect(net.started, 'the oldest was dropped').to.have.length(FRESH_MAX_ENTRIES + 2);
  });
});

describe('Shared requests: the HTTP client', () => {
  /** A fetch that answers each URL once per call, counting calls; its answers wait for `release()`. */
  function countingFetch(body = '{"a":{"b":1}}', headers: Record<string, string> = {}) {
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetch: typeof globalThis.fetch = async (_url, init) => {
      calls++;
      await gate;
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return new Response(body, { status: 200, headers });
    };
    return { fetch, calls: () => calls, release };
  }

  it('two players asking at once make one request; each gets its own parsed copy', async () => {
    const net = countingFetch();
    const shared = new SharedRequests();
    const one = new HttpClient({ fetch: net.fetch, shared });
    const two = new HttpClient({ fetch: net.fetch, shared });
    const a = one.get<{ a: { b: number } }>('https://p.example/', 'clients/demo');
    const b = two.get<{ a: { b: number } }>('https://p.example/', 'clients/demo');
    await nextTask();
    net.release();
    const [ra, rb] = await Promise.all([a, b]);
    expect(net.calls()).to.equal(1);
    expect(ra).to.deep.equal({ a: { b: 1 } });
    expect(ra, 'not the same object').to.not.equal(rb);
    expect(ra.a).to.not.equal(rb.a);
  });

  it("one player's time limit fails that player alone; the other gets the answer", async () => {
    const net = countingFetch('{"ok":true}');
    const shared = new SharedRequests();
    const clock = new FakeClock();
    const hasty = new HttpClient({ fetch: net.fetch, shared, timeout: 100, clock, retry: { ...noRetry } });
    const patient = new HttpClient({ fetch: net.fetch, shared, timeout: 0, retry: { ...noRetry } });
    const a = hasty.get('https://p.example/', 'x');
    const b = patient.get<{ ok: boolean }>('https://p.example/', 'x');
    await nextTask();
    clock.tick(100);
    const error = await rejection<HttpError>(a);
    expect(error.reason).to.equal('timeout');
    net.release();
    expect(await b).to.deep.equal({ ok: true });
    expect(net.calls()).to.equal(1);
  });

  it("reuses an answer for the provider's max-age, and not one sent with no-store", async () => {
    let now = 0;
    for (const [header, calls] of [
      ['public, max-age=30', 1],
      ['no-store', 2],
    ] as const) {
      const net = countingFetch('{"v":1}', { 'Cache-Control': header });
      net.release();
      const shared = new SharedRequests(() => now);
      const client = new HttpClient({ fetch: net.fetch, shared });
      await client.get('https://p.example/', 'z');
      now += 29_000;
      expect(await client.get('https://p.example/', 'z')).to.deep.equal({ v: 1 });
      expect(net.calls(), header).to.equal(calls);
    }
  });

  it('without the shared requests, each asks on its own (the rule above is what makes it one)', async () => {
    const net = countingFetch();
    const a = new HttpClient({ fetch: net.fetch }).get('https://p.example/', 'y');
    const b = new HttpClient({ fetch: net.fetch }).get('https://p.example/', 'y');
    await nextTask();
    net.release();
    await Promise.all([a, b]);
    expect(net.calls()).to.equal(2);
  });
});
const noRetry = { retries: 0, baseDelay: 1, maxDelay: 1 };

describe('Shared requests: players on one page', () => {
  cleanPlayersAndFaults();
  beforeEach(() => pageRequests().clear());

  it('12 players of one client make one configuration request and one profile request', async () => {
    await clearProviderLog();
    const players = await Promise.all(
      Array.from({ length: 12 }, () => mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL })),
    );
    for (const el of players) await waitFor(() => $(el, '.menu-sections'), 'each menu');
    const log = (await providerLog()).filter((r) => r.method === 'GET');
    expect(log.filter((r) => r.path === '/api/clients/demo').map((r) => r.path)).to.have.length(1);
    expect(log.filter((r) => r.path === '/api/clients/demo/profile')).to.have.length(1);
  });

  it("one player's retry after a failure really asks again", async () => {
    await clearProviderLog();
    await failNext('/api/clients/demo/profile', 503);
    const el = await mountPlayer({ client: 'demo', 'provider-url': FAULT_PROVIDER_URL });
    await waitFor(() => $(el, '.menu-sections'), 'the menu after the retry');
    const hits = (await providerLog()).filter((r) => r.method === 'GET' && r.path === '/api/clients/demo/profile');
    expect(hits.map((r) => r.status)).to.deep.equal([503, 200]);
  });
});
