import { isRetryable } from '../content/http';
import type { PlaylistItem } from '../content/playlist';
import type { ProviderApi } from '../content/provider';
import { safeUrl } from '../content/url';
import type { Preferences } from '../preferences/defaults';
import type { NoticeKey, PlaybackState } from '../state/player-store';
import type { Clock } from '../core/clock';
import type { MediaPreload } from './early-video';
import type { Stage } from './stage';
import type { PlayerTime } from './timing';
import {
  DEFAULT_SCRIPTS,
  type AdapterEvents,
  type LoadContext,
  type MediaAdapter,
  type MediaKind,
  type MediaLoader,
  type PlayerError,
  type SourceRequest,
} from './types';

/** What opening an item's media needs of the player. */
export interface OpenerDeps {
  prefs: () => Preferences;
  api: () => ProviderApi;
  client: () => string | undefined;
  /** Vendor script URLs (attributes may override them). */
  scripts?: () => Partial<typeof DEFAULT_SCRIPTS>;
  /**
   * The way to the first frame (src/app/interface-gate.ts): `requested`, a media that loads detached (html5) has its
   * source set and its request left, its picture may show before the player screen (src/element/early-player.ts);
   * `settled`, that media has its metadata or failed, a vendor player waits for the stage, or the source failed: the
   * player's interface may take the main thread and the network now.
   */
  mediaStarted?: (step: 'requested' | 'settled') => void;
  /** The video element loading a source before the engine, once (src/playback/early-video.ts). */
  earlyVideo?: (src: string) => HTMLVideoElement | undefined;
  /** How much of its media the player loads before it plays (a lazy player, or one of several: metadata). */
  mediaPreload?: () => MediaPreload;
}

/**
 * Opens an item's media, its requests at once and in parallel: the adapter's chunk and the source (kinds that take
 * one from the provider); then the stage (kinds that need the document wait for the player screen) and the adapter,
 * within the time limit. A failure throws an ItemLoadError; aborted while it waits for the stage, it answers undefined.
 */
export class MediaOpener {
  constructor(
    private readonly deps: () => OpenerDeps,
    private readonly stage: Stage,
    private readonly time: PlayerTime,
  ) {}

  async open(
    loader: MediaLoader,
    item: PlaylistItem,
    vo: string,
    pb: PlaybackState,
    events: AdapterEvents,
    signal: AbortSignal,
  ): Promise<MediaAdapter | undefined> {
    const deps = this.deps();
    const prefs = deps.prefs();
    const api = deps.api();
    loader.preload?.().catch(() => undefined); // a failure surfaces from load() below
    const audioDescriptions = prefs.audioDescriptions === 1;
    if (loader.source) pb.audioDescribed = audioDescriptions && item.audioDescriptions.includes(vo);
    const client = deps.client() ?? '';
    const source = await loadSource(loader, {
      item,
      client,
      language: vo,
      cdn: prefs.cdn === 1,
      api,
      signal,
      audioDescriptions,
    }).catch((error: unknown) => {
      deps.mediaStarted?.('settled');
      throw error;
    });
    if (!loader.detached) deps.mediaStarted?.('settled');
    if ((!loader.detached && !(await this.stage.wait(signal))) || signal.aborted) return undefined;
    const context: LoadContext = {
      container: this.stage.holder,
      item,
      events,
      signal,
      origin: location.origin,
      source,
      earlyVideo: deps.earlyVideo,
      preload: deps.mediaPreload?.(),
      scripts: { ...DEFAULT_SCRIPTS, ...deps.scripts?.() },
      staticUrl: (path) => safeUrl(path, api.hosts.static) ?? '',
      volume: pb.muted ? 0 : pb.volume,
      muted: pb.muted,
      clock: this.time.clock(),
    };
    const adapter = loadAdapter(loader, context, this.time.clock(), this.time.timing().mediaLoadMs);
    // The adapter sets the media's source in the microtasks of its (loaded) chunk's import, before any other task.
    // Its metadata (the adapter ready) or its failure settles the way to the first frame.
    if (loader.detached) deps.mediaStarted?.('requested');
    const settled = () => deps.mediaStarted?.('settled');
    adapter.then(settled, settled);
    return adapter;
  }
}

/**
 * A failed item load, as it is told (`failure`, `notice`); `passing`: a failure that may pass, so a load that fails
 * during a recovery waits and tries again as the stall did.
 */
export class ItemLoadError extends Error {
  constructor(
    readonly failure: PlayerError,
    readonly notice: NoticeKey,
    readonly passing: boolean,
  ) {
    super(failure.message);
  }
}

/** The item's source, for kinds that take it from the provider (html5); its failure is a `source` error. */
export async function loadSource(
  loader: MediaLoader,
  req: SourceRequest,
): Promise<{ src: string; type?: string } | undefined> {
  if (!loader.source) return undefined;
  try {
    return await loader.source(req);
  } catch (error) {
    if (req.signal.aborted) throw error;
    const failure: PlayerError = { reason: 'source', message: (error as Error).message, retryable: isRetryable(error) };
    throw new ItemLoadError(failure, 'sourceError', Boolean(failure.retryable));
  }
}

/**
 * The item's adapter, within `limitMs` on the player's clock: an SDK or player that never answers, a media server that
 * never sends metadata, is aborted through the load's signal (every adapter honours it) and fails.
 */
export async function loadAdapter(
  loader: MediaLoader,
  ctx: LoadContext,
  clock: Clock,
  limitMs: number,
): Promise<MediaAdapter> {
  const limit = new AbortController();
  const timer = clock.setTimeout(() => limit.abort(), limitMs);
  try {
    return await loader.load({ ...ctx, signal: AbortSignal.any([ctx.signal, limit.signal]) });
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    throw loadError(error, loader.kind, limit.signal.aborted ? limitMs : undefined);
  } finally {
    clock.clearTimeout(timer);
  }
}

/** How a failed adapter load is told; `timedOutMs`: it hit the time limit. Only a media failure may pass. */
export function loadError(error: unknown, kind: MediaKind, timedOutMs?: number): ItemLoadError {
  const vendorKind = kind === 'youtube' || kind === 'vimeo';
  const e = error as Partial<PlayerError> & Error;
  let failure: PlayerError = { reason: e.reason === 'vendor' ? 'vendor' : 'media', code: e.code, message: e.message };
  if (timedOutMs !== undefined) {
    const what = vendorKind ? 'player' : 'media';
    failure = {
      reason: vendorKind ? 'script' : 'media',
      message: `The ${what} was not ready within ${timedOutMs / 1000} s`,
      retryable: true,
    };
  } else if (e.reason === 'script') failure = { reason: 'script', message: e.message, retryable: e.retryable };
  const sdkNotice = kind === 'vimeo' ? 'vimeoScript' : 'youtubeScript';
  const notice = failure.reason === 'script' ? sdkNotice : failure.reason === 'vendor' ? 'vendorError' : 'mediaError';
  return new ItemLoadError(failure, notice, failure.reason === 'media');
}
