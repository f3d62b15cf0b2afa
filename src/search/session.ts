/**
 * One player's search: which backend answers (a hosted Algolia index when configured, else an index
 * built in the browser from the client's profile) behind one `searchClient` that InstantSearch talks to.
 * The session is kept here per player (keyed by its controller: nothing is shared between players), prepared by
 * the route loader as the search route is entered, so the index builds while the dialog's code loads.
 */
import { subscribe } from 'valtio/vanilla';
import type { SearchClient } from 'instantsearch.js';
import type { PlayerHandle } from '../screens/player-context';
import type { Profile } from '../content/profile';

/** The element's search attributes, as set (read when the search dialog opens). */
export interface SearchOptions {
  searchAppId?: string;
  searchApiKey?: string;
  searchIndex?: string;
  searchHost?: string;
  searchOperator?: string;
}

/** The search attributes of an element (`search-app-id`, ...). */
export function searchAttributes(host: Element): SearchOptions {
  const get = (name: string) => host.getAttribute(name) ?? undefined;
  return {
    searchAppId: get('search-app-id'),
    searchApiKey: get('search-api-key'),
    searchIndex: get('search-index'),
    searchHost: get('search-host'),
    searchOperator: get('search-operator'),
  };
}

export type SearchBackend = 'algolia' | 'embedded';
export type RefinementOperator = 'and' | 'or';

export interface SearchConfig {
  backend: SearchBackend;
  /** The index InstantSearch queries (the client id for the embedded index). */
  index: string;
  operator: RefinementOperator;
  appId?: string;
  apiKey?: string;
  /** Hosts of `search-host` (a proxy or an Algolia-compatible service). */
  host?: { url: string; port?: number; protocol: 'http' | 'https' };
}

const text = (v: unknown, max = 256): string | undefined =>
  typeof v === 'string' && v.trim() && v.trim().length <= max ? v.trim() : undefined;

function parseHost(value: string | undefined): SearchConfig['host'] {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    // Algolia's API lives at the host's root: a path (or credentials, a query) cannot be honoured, so it is refused.
    if (
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      (url.pathname !== '/' && url.pathname !== '') ||
      url.search ||
      url.username
    )
      return undefined;
    return {
      url: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      protocol: url.protocol === 'http:' ? 'http' : 'https',
    };
  } catch {
    return undefined;
  }
}

/**
 * The search configuration: the element's attributes win over the client configuration's `search`
 * object; Algolia only when application id, key and index are all there (and valid), else embedded.
 */
export function resolveSearchConfig(options: SearchOptions, account: unknown, client: string): SearchConfig {
  const acc = (account && typeof account === 'object' ? account : {}) as Record<string, unknown>;
  const pick = (own: string | undefined, key: string) => text(own) ?? text(acc[key]);
  const appId = pick(options.searchAppId, 'appId');
  // Secured API keys (a signed search-only key with restrictions) run to several hundred characters.
  const apiKey = text(options.searchApiKey, 2048) ?? text(acc.apiKey, 2048);
  const index = pick(options.searchIndex, 'index');
  const operatorText = (text(options.searchOperator) ?? text(acc.operator))?.toLowerCase();
  const operator: RefinementOperator = operatorText === 'and' ? 'and' : 'or';
  const hostText = pick(options.searchHost, 'host');
  const host = parseHost(hostText);
  // A host that is not an http(s) URL is refused: the hosted index is not used rather than sent elsewhere.
  if (appId && apiKey && index && /^[\w.-]+$/.test(index) && (hostText === undefined || host)) {
    return { backend: 'algolia', index, operator, appId, apiKey, host };
  }
  return { backend: 'embedded', index: client, operator };
}

type Requests = Parameters<SearchClient['search']>[0];
type Answer = Awaited<ReturnType<SearchClient['search']>>;

/**
 * The client's profile once the menu route's loader has it: resolves with it, rejects when it failed (the
 * Retry of the dialog asks for it again). `cancel` drops the wait (the session is disposed).
 */
function profileOf(controller: PlayerHandle, client: string): { ready: Promise<Profile>; cancel: () => void } {
  let off = () => {};
  const ready = new Promise<Profile>((resolve, reject) => {
    const settle = (): boolean => {
      const p = controller.state.data.profile;
      if (!p.key?.startsWith(`${client}|`)) return false;
      if (p.status === 'ready' && p.data) resolve(p.data);
      else if (p.status === 'error') reject(new Error('profile unavailable'));
      else return false;
      return true;
    };
    if (settle()) return;
    off = subscribe(controller.state.data.profile, () => {
      if (settle()) off();
    });
  });
  return { ready, cancel: () => off() };
}

export interface IndexStats {
  records: number;
  /** Milliseconds spent building the embedded index. */
  buildMs: number;
}

export class SearchSession {
  readonly client: SearchClient;
  private index?: { profile: Profile; ready: Promise<import('./engine.js').SearchIndex> };
  private algolia?: Promise<SearchClient>;
  private waiting?: { ready: Promise<Profile>; cancel: () => void };
  /** The last embedded index build (for the bench and the tests). */
  stats?: IndexStats;

  constructor(
    private readonly controller: PlayerHandle,
    readonly config: SearchConfig,
    readonly clientId: string,
  ) {
    const search = (requests: Requests): Promise<Answer> =>
      config.backend === 'algolia' ? this.searchAlgolia(requests) : this.searchEmbedded(requests);
    // One identity for the session's lifetime (a new one would make InstantSearch search again).
    this.client = { search } as SearchClient;
  }

  /** Start what the first search needs: the embedded index, or the Algolia client's code. */
  prepare(): void {
    if (this.config.backend === 'algolia') void this.algoliaClient().catch(() => undefined);
    else void this.embeddedIndex().catch(() => undefined);
  }

  private algoliaClient(): Promise<SearchClient> {
    if (!this.algolia) {
      const { appId, apiKey, host } = this.config;
      this.algolia = Promise.all([
        import('algoliasearch/lite'),
        import('@algolia/client-common'),
        import('./requester'),
      ]).then(
        ([{ liteClient }, { createMemoryCache }, { createLimitedRequester }]) =>
          liteClient(appId!, apiKey!, {
            // Nothing of the host page's storage is used (the default keeps hosts in its localStorage).
            hostsCache: createMemoryCache(),
            // Answers over 5 MB are refused, as every provider answer is.
            requester: createLimitedRequester(undefined, this.controller.timers),
            ...(host
              ? {
                  hosts: [
                    {
                      url: host.url,
                      ...(host.port ? { port: host.port } : {}),
                      protocol: host.protocol,
                      accept: 'read' as const,
                    },
                  ],
                }
              : {}),
          }) as unknown as SearchClient,
      );
      this.algolia.catch(() => {
        this.algolia = undefined; // a chunk that failed to load is tried again by the next search
      });
    }
    return this.algolia;
  }

  private async searchAlgolia(requests: Requests): Promise<Answer> {
    const client = await this.algoliaClient();
    return client.search(requests);
  }

  /** The embedded index of the current profile: built once per profile (another menu language rebuilds it). */
  embeddedIndex(): Promise<import('./engine.js').SearchIndex> {
    // One wait for the profile at a time; a failed profile is asked for again only by a search (the
    // dialog's Retry), never in a loop.
    if (!this.waiting) {
      const wait = profileOf(this.controller, this.clientId);
      this.waiting = wait;
      const done = () => {
        if (this.waiting === wait) this.waiting = undefined;
      };
      wait.ready.then(done, done);
    }
    return this.waiting.ready.then((profile) => {
      if (this.index?.profile === profile) return this.index.ready;
      const ready = import('./engine.js').then(async ({ SearchIndex, profileRecords }) => {
        const started = performance.now();
        const index = await new SearchIndex(profileRecords(profile)).buildAsync();
        this.stats = { records: index.records.length, buildMs: performance.now() - started };
        return index;
      });
      this.index = { profile, ready };
      ready.catch(() => {
        if (this.index?.ready === ready) this.index = undefined;
      });
      return ready;
    });
  }

  private async searchEmbedded(requests: Requests): Promise<Answer> {
    // A search after the profile failed (the dialog's Retry): ask for the profile again, once.
    if (this.controller.state.data.profile.status === 'error' && !this.waiting) this.controller.retry('profile');
    const index = await this.embeddedIndex();
    return index.multiSearch(requests);
  }

  dispose(): void {
    this.waiting?.cancel();
    this.waiting = undefined;
    this.index = undefined;
    this.algolia = undefined;
  }
}

/** Each player's search session, keyed by its controller (kept here, not on the controller). */
const sessions = new WeakMap<PlayerHandle, SearchSession>();

/** The player's search session, if one was made (tests and the bench read it through the controller). */
export const searchSessionOf = (controller: PlayerHandle): SearchSession | undefined => sessions.get(controller);

/**
 * The controller's search session for its current configuration (made once, remade when the
 * configuration or the client changes), with its first search's needs already requested.
 */
export function prepareSearch(controller: PlayerHandle): SearchSession | undefined {
  const client = controller.currentRoute().client;
  if (!client) return undefined;
  const account = controller.state.data.client.data?.search; // the client configuration's, unvalidated
  const config = resolveSearchConfig(searchAttributes(controller.host), account, client);
  const current = sessions.get(controller);
  if (current && current.clientId === client && JSON.stringify(current.config) === JSON.stringify(config)) {
    current.prepare();
    return current;
  }
  current?.dispose();
  const session = new SearchSession(controller, config, client);
  sessions.set(controller, session);
  session.prepare();
  return session;
}
