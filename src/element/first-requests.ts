/**
 * The first requests of the players on the page, made by the entry file before the core has arrived (issue 25, the
 * first frame): the entry is small, and the core's file (with the element, its controller and everything a player
 * runs) downloads while the provider answers. For each `<patient-ed-player>` in the document that opens a playlist
 * or a menu (not `loading="lazy"`), the entry asks for the client's configuration and the playlist (or the menu's
 * profile), as the core would (the same URL and header: src/content/api-calls.ts; the route, the hosts and the
 * preferences read by the same code); with the configuration's answer, for the preferences of the user it names (a
 * returning visitor's stored user at once); with the playlist's answer, for its first item's video source
 * (src/content/source-hint.ts); with that answer, it starts the media's request (src/playback/early-video.ts). What it
 * made waits on the element (EARLY_START) for the core: the requests join the page's shared requests, so the player's
 * identical requests take their answers (src/app/early-start.ts); the video goes to the player's engine.
 *
 * Anything unusual (a share link in the page's URL, a property set before the element upgraded, a modal route, a
 * vendor video, storage that throws) asks nothing early, or stops there: the core then makes its requests itself. A
 * guess the core does not follow costs a request, never a wrong answer (the core asks for its own).
 */
import { embedOptions, embedTarget, hostsOf, type EmbedOptions, type EmbedProps } from '../app/embed-route';
import {
  API_CALLS,
  buildUrl,
  configUserId,
  embeddingReferrer,
  pickSource,
  requestInit,
  requestKey,
} from '../content/api-calls';
import { readLimited } from '../content/read-body';
import { builtFiles } from '../core/built-files';
import { firstSourceHint } from '../content/source-hint';
import { noteScriptUrl } from '../core/script-url';
import { EARLY_START, type EarlyHolder, type EarlyRequest, type EarlyStart } from '../content/early-requests';
import { EARLY_VIDEO_KEEP_MS, loadEarlyVideo, releaseVideo } from '../playback/early-video';
import type { Preferences } from '../preferences/defaults';
import { mergePreferences } from '../preferences/merge';
import { queryLayerFrom } from '../preferences/query';
import { readStoredAnswer } from '../preferences/storage';
import { matchRoute } from '../routing/routes';
import { ELEMENT_PROPS } from './attributes';
import { isLazy, mediaPreloadOf } from './lazy-start';
import { TAG_NAME } from '../core/tag-name';

/**
 * The first screen's files by route, relative to the entry: `navigation`, the interface's (the menu's React), which the
 * core asks for ahead too as it starts (src/element/interface-chunk.ts). Not the link chunk: a `modulepreload` that
 * fails is kept failed by WebKit and Firefox for the page's life, and the link is every chunk's (the core imports it,
 * and asks again while it fails). Written in by the build (rollup.config.mjs), after the entry's own name: none when
 * the entry is not that file (bundled again by a host's bundler: src/core/built-files.ts); unbuilt (the tests'
 * bundles), the placeholder stays and names none.
 */
const FIRST_FILES = '__PED_FIRST_FILES__';

/** How long a `modulepreload` link of the entry stays in the page's head at most, ms. */
const PRELOAD_LINK_MS = 10_000;

/** The largest answer the entry reads (a larger playlist waits for the core's reader, which reads it in slices). */
const MAX_HINT_BYTES = 256 * 1024;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * An element's properties as r2wc will read them: its non-empty attributes. With `strict`, undefined if a property was
 * set on it before it upgraded (r2wc reads that one instead).
 */
export function attributeProps(element: Element, strict = false): EmbedProps | undefined {
  const props: EmbedProps = {};
  for (const name of ELEMENT_PROPS) {
    if (strict && Object.hasOwn(element, name)) return undefined;
    const value = element.getAttribute(kebab(name));
    if (value) props[name] = value;
  }
  return props;
}

/**
 * The preferences a player of `client` starts with, as its controller merges them (src/preferences/persistence.ts):
 * the client's stored account layer, the element's options, the visitor's stored layer once they answered.
 */
export function startPreferences(
  client: string,
  embed: EmbedOptions,
  { stored, answered }: ReturnType<typeof readStoredAnswer>,
): Preferences {
  return mergePreferences({
    account: stored.account[client] ?? {},
    query: queryLayerFrom(embed.options),
    local: answered ? stored.local : {},
  });
}

/**
 * Asks for the first requests of the players already in `doc` (none if the element is defined in `registry`: another
 * copy of the player came first and made its own). Never throws: a player it cannot read is left to the core.
 */
export function firstRequests(
  entryUrl: string,
  doc: Document = document,
  registry: Pick<CustomElementRegistry, 'get'> = customElements,
): Promise<void> | undefined {
  try {
    if (!registry.get(TAG_NAME)) return askFirst(entryUrl, doc);
  } catch {
    /* the core asks for everything */
  }
  return undefined;
}

/**
 * Asks for the page's first requests; returns, when the entry loads a video, what settles once the first of them has
 * its metadata (the entry then told the page: `reportMetadata`), failed, or will not load.
 */
function askFirst(entryUrl: string, doc: Document): Promise<void> | undefined {
  // The default provider is the entry's origin (src/core/script-url.ts): this copy of that module must know it.
  noteScriptUrl(entryUrl);
  // A share link opens its own item and languages (its reader is a chunk of the core's).
  if (globalThis.location?.search.includes('ped-client=')) return;
  const referrer = embeddingReferrer();
  const made = new Map<string, EarlyRequest>();
  let stored: StoredAnswer | undefined;
  const users = new Map<EarlyRequest, Promise<string | undefined>>();
  const page: Page = {
    entryUrl,
    fetched: new Set(),
    ask,
    // Read once for all the page's players (a library page has dozens).
    storedAnswer: () => (stored ??= readStoredAnswer()),
    userOf(config) {
      let user = users.get(config);
      if (!user) {
        user = config.copy
          .then(async (copy) =>
            copy.ok ? configUserId(JSON.parse(await readLimited(copy.clone(), MAX_HINT_BYTES))) : undefined,
          )
          .catch(() => undefined);
        users.set(config, user);
      }
      return user;
    },
  };
  function ask(url: string): EarlyRequest {
    const key = requestKey(referrer, url);
    let request = made.get(key);
    if (!request) {
      const controller = new AbortController();
      const response = fetch(url, requestInit(referrer, controller.signal));
      const copy = response.then((r) => r.clone());
      copy.catch(() => undefined); // a failure is the core's to read
      request = { key, url, controller, response, copy };
      made.set(key, request);
    }
    return request;
  }
  let first: Promise<void> | undefined;
  for (const element of doc.querySelectorAll<EarlyHolder>(TAG_NAME)) {
    try {
      const video = startElement(element, page);
      first ??= video;
    } catch {
      /* left to the core */
    }
  }
  return first;
}

/**
 * Asks for a first screen's file (once per page) while the core downloads, as the core would as it starts
 * (src/element/interface-chunk.ts): a `<link rel="modulepreload">` (the module is fetched and parsed, not run), here in
 * the page's head since no shadow root exists yet, removed once the file has arrived or failed.
 */
function prefetch(route: string, entryUrl: string, fetched: Set<string>, doc: Document): void {
  for (const entry of builtFiles(FIRST_FILES, entryUrl)) {
    const [name, file] = entry.split(':');
    const url = new URL(file, entryUrl).href;
    if (name !== route || fetched.has(url)) continue;
    fetched.add(url);
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    const done = () => link.remove();
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    // A browser that fires neither (no `modulepreload`) does not keep it either.
    setTimeout(done, PRELOAD_LINK_MS);
    doc.head.append(link);
  }
}

type StoredAnswer = ReturnType<typeof readStoredAnswer>;

/** What the players of one page share: one request per URL, the files asked for, storage read once. */
interface Page {
  readonly entryUrl: string;
  readonly fetched: Set<string>;
  readonly ask: (url: string) => EarlyRequest;
  readonly storedAnswer: () => StoredAnswer;
  /** The user a configuration's answer names (read once per request; none if it names none or failed). */
  readonly userOf: (config: EarlyRequest) => Promise<string | undefined>;
}

function startElement(
  element: EarlyHolder,
  { ask, entryUrl, fetched, storedAnswer, userOf }: Page,
): Promise<void> | undefined {
  if (element[EARLY_START] || isLazy(element.getAttribute('loading'))) return undefined;
  // One property set before the upgrade makes the player the core's.
  const props = attributeProps(element, true);
  if (!props) return undefined;
  const embed = embedOptions(props);
  const route = matchRoute(embedTarget(embed).split('?')[0]);
  const { client, code } = route;
  const menu = route.name === 'navigation' && !route.modal;
  if (!client || !(menu || (route.name === 'playlist' && code))) return undefined;
  const hosts = hostsOf(props);
  const early: EarlyStart = {
    requests: [],
    sourceAsked: Promise.resolve(),
    video: Promise.resolve(undefined),
  };
  const hand = (request: EarlyRequest) => (early.lend ? early.lend(request) : early.requests.push(request));
  element[EARLY_START] = early;
  // The client's configuration first: it needs no preference, and storage's first read is the slowest step here.
  const config = ask(buildUrl(hosts.api, ...API_CALLS.clientConfig(client)));
  hand(config);
  if (menu) prefetch('navigation', entryUrl, fetched, element.ownerDocument);
  // The preferences of the core's first playlist request (src/app/route-loaders.ts): the client's stored account
  // layer and the visitor's stored layer (src/preferences/persistence.ts), the element's options between them.
  const { stored, answered } = storedAnswer();
  // The user preferences the configuration names, part of the client's configuration (src/app/route-loaders.ts,
  // clientLoader): the user stored for a returning visitor at once, the configuration's with its answer.
  const userPreferences = (userId: string) => hand(ask(buildUrl(hosts.delivery, ...API_CALLS.userPreferences(userId))));
  const cachedUser = answered ? stored.users[client] : undefined;
  if (cachedUser) userPreferences(cachedUser);
  // A player that has started asks for them itself.
  void userOf(config).then((userId) => userId && !early.claimed && userPreferences(userId));
  const prefs = startPreferences(client, embed, { stored, answered });
  // A menu: its profile, in the menu language (src/app/route-loaders.ts, profileLoader).
  if (menu) {
    hand(ask(buildUrl(hosts.api, ...API_CALLS.profile(client, prefs.menuLanguage))));
    return undefined;
  }
  if (!code) return undefined;
  const playlist = ask(buildUrl(hosts.api, ...API_CALLS.playlist(client, code, prefs.menuLanguage, prefs.voLanguage)));
  hand(playlist);
  const source = playlist.copy.then(async (copy) => {
    // A player that has started reads the playlist's answer itself (src/app/route-loaders.ts) and asks for the source.
    if (early.claimed) return undefined;
    const answer = copy.clone();
    if (!answer.ok) return undefined;
    // Read up to its limit only (a larger one throws: the core reads it, in slices).
    const dto: unknown = JSON.parse(await readLimited(answer, MAX_HINT_BYTES));
    const first = firstSourceHint(dto, prefs.voLanguage, prefs.audioDescriptions === 1);
    if (!first) return undefined;
    const request = ask(
      buildUrl(hosts.api, ...API_CALLS.videoSource(client, first.file, first.language, first.audioDescriptions)),
    );
    hand(request);
    return request;
  });
  early.sourceAsked = source.then(
    () => undefined,
    () => undefined,
  );
  early.video = source
    .then(async (request) => {
      if (!request) return undefined;
      const answer = (await request.copy).clone();
      const picked = answer.ok
        ? pickSource(JSON.parse(await readLimited(answer, MAX_HINT_BYTES)), prefs.cdn === 1, hosts.api)
        : undefined;
      // A player that has started loads it (one video: src/playback/early-video.ts).
      if (!picked || early.claimed) return picked && { source: picked };
      const video = loadEarlyVideo(picked, mediaPreloadOf(element));
      // Not taken by a player in time (the element left the page, the core did not come): released.
      if (video) setTimeout(() => !early.claimed && releaseVideo(video.video), EARLY_VIDEO_KEEP_MS);
      return { source: picked, video };
    })
    .catch(() => undefined);
  return early.video.then((found) => found?.video && reportMetadata(element, early, found.video.video));
}

/**
 * The entry's video has its metadata, and no player has taken it yet (the core has not started): the entry tells the
 * page, as the player would have (src/app/route-loaders.ts, `reportEarly`): `statechange` 0, once; the player, when it
 * starts, takes the video and keeps that state without a second report. Settles with the metadata, or the video's
 * failure.
 */
function reportMetadata(element: EarlyHolder, early: EarlyStart, video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve) => {
    const report = () => {
      resolve();
      if (early.claimed || early.reported || !element.isConnected || video.error) return;
      const event = new CustomEvent('statechange', { detail: { state: 0 }, bubbles: true, composed: true });
      early.reported = { duration: Number.isFinite(video.duration) ? video.duration : 0, event };
      element.dispatchEvent(event);
    };
    if (video.readyState > 0) return report();
    video.addEventListener('loadedmetadata', report, { once: true });
    video.addEventListener('error', () => resolve(), { once: true });
  });
}
