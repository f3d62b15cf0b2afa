import type { PlaylistItem } from '../content/playlist';
import type { MediaKind, MediaLoader } from './types';

/** The kinds that take their source from the provider's video call. */
export const HOSTED_TYPES = ['MainHostedVideo', 'MainUploadedVideo'];

/**
 * Loader registry: `canPlay` is cheap and synchronous; `load` imports the adapter module on demand,
 * so no adapter (let alone a vendor SDK) is in the first-load chunk.
 */
const youtube = () => import('./adapters/youtube');
const vimeo = () => import('./adapters/vimeo');
const html5 = () => import('./adapters/html5');
const slides = () => import('./adapters/slides');

export const LOADERS: readonly MediaLoader[] = [
  {
    kind: 'youtube',
    canPlay: (item) => item.type === 'MainYoutubeVideo' && Boolean(item.videoId),
    preload: youtube,
    load: async (ctx) => (await youtube()).youtubeLoader.load(ctx),
  },
  {
    kind: 'vimeo',
    canPlay: (item) => item.type === 'MainVimeoVideo' && Boolean(item.videoId),
    preload: vimeo,
    load: async (ctx) => (await vimeo()).vimeoLoader.load(ctx),
  },
  {
    kind: 'html5',
    canPlay: (item) => HOSTED_TYPES.includes(item.type ?? '') || Boolean(item.file),
    detached: true,
    preload: html5,
    // The provider's video call: the file (or video id) in the item's voice-over language.
    source: ({ item, client, language, cdn, api, signal, audioDescriptions }) =>
      api.videoSource(
        client,
        item.file ?? item.videoId ?? '',
        language,
        cdn,
        signal,
        audioDescriptions && item.audioDescriptions.includes(language),
      ),
    load: async (ctx) => (await html5()).createHtml5Adapter(ctx),
  },
  {
    kind: 'slides',
    canPlay: () => true,
    preload: slides,
    load: async (ctx) => (await slides()).createSlidesAdapter(ctx),
  },
];

/** Player type by media: YouTube, Vimeo, custom/video (html5), else slides. */
export function loaderFor(item: PlaylistItem): MediaLoader {
  return LOADERS.find((l) => l.canPlay(item))!;
}

export const kindOf = (item: PlaylistItem): MediaKind => loaderFor(item).kind;
