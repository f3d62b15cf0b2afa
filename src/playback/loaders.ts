import type { PlaylistItem } from '../content/playlist';
import type { MediaKind, MediaLoader } from './types';

/** The kinds that take their source from the provider's video call. */
export const HOSTED_TYPES = ['MainHostedVideo', 'MainUploadedVideo'];

/**
 * Loader registry: `canPlay` is cheap and synchronous; `load` imports the adapter module on demand,
 * so no adapter (let alone a vendor SDK) is in the first-load chunk.
 */
export const LOADERS: readonly MediaLoader[] = [
  {
    kind: 'youtube',
    canPlay: (item) => item.type === 'MainYoutubeVideo' && Boolean(item.videoId),
    load: async (ctx) => (await import('./adapters/youtube')).youtubeLoader.load(ctx),
  },
  {
    kind: 'vimeo',
    canPlay: (item) => item.type === 'MainVimeoVideo' && Boolean(item.videoId),
    load: async (ctx) => (await import('./adapters/vimeo')).vimeoLoader.load(ctx),
  },
  {
    kind: 'html5',
    canPlay: (item) => HOSTED_TYPES.includes(item.type ?? '') || Boolean(item.file),
    load: async (ctx) => (await import('./adapters/html5')).createHtml5Adapter(ctx),
  },
  {
    kind: 'slides',
    canPlay: () => true,
    load: async (ctx) => (await import('./adapters/slides')).createSlidesAdapter(ctx),
  },
];

/** Player type by media (spec section 2): YouTube, Vimeo, custom/video (html5), else slides. */
export function loaderFor(item: PlaylistItem): MediaLoader {
  return LOADERS.find((l) => l.canPlay(item))!;
}

export const kindOf = (item: PlaylistItem): MediaKind => loaderFor(item).kind;
