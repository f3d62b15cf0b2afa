import type { PlaylistItem } from '../content/playlist';
import type { MediaKind, MediaLoader } from './types';

/** The kinds that take their source from the provider's video call. */
export const HOSTED_TYPES = ['MainHostedVideo', 'MainUploadedVideo'];

const hasRenditions = (item: PlaylistItem) => (item.sources?.length ?? 0) > 0;

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
    canPlay: (item) => HOSTED_TYPES.includes(item.type ?? '') || Boolean(item.file) || hasRenditions(item),
    detached: true,
    preload: html5,
    // The provider's video call: the file (or video id) in the item's voice-over language. An item with renditions
    // and neither plays from its renditions (no call); one whose call fails plays from them too.
    source: async ({ item, client, language, cdn, api, signal, audioDescriptions }) => {
      const id = item.file ?? item.videoId;
      if (!id && hasRenditions(item)) return undefined;
      try {
        return await api.videoSource(
          client,
          id ?? '',
          language,
          cdn,
          signal,
          audioDescriptions && item.audioDescriptions.includes(language),
        );
      } catch (error) {
        if (signal.aborted || !hasRenditions(item)) throw error;
        return undefined;
      }
    },
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
