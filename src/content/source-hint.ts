/**
 * The video source request a player opened on a playlist makes first, read from the playlist's answer as it arrives.
 * The playlist reader and the engine are in the playback chunk; on a slow connection that chunk is still on its way
 * when the playlist answers, and the source request used to wait for it. The playlist loader starts this request in
 * the task of the playlist's answer instead; the engine's identical request, made when its chunk is in, takes the
 * answer in flight or fresh (src/content/shared-requests.ts). Only the plain case is read: the playlist's first
 * item with a file of its own, in the voice-over language the engine will choose. Anything else (a vendor video, a
 * dual-language playlist, a shared link's later item, a playlist continued in another language) asks nothing early;
 * a guess the engine does not follow costs one small request, never a wrong source (the engine asks for its own).
 */

import { str, strList } from './read-dto';

/** The arguments of the provider's video call (`ProviderApi.videoSource`) the engine will make for the first item. */
export interface SourceHint {
  file: string;
  language: string;
  audioDescriptions: boolean;
}

/** The vendors' kinds (src/playback/loaders.ts plays them with their SDKs): no video call. */
const VENDOR_TYPES = ['MainYoutubeVideo', 'MainVimeoVideo'];

const record = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/**
 * The first item's video call, from the playlist's raw answer (as src/content/normalise-playlist.ts and the engine's
 * rules read it: the first item that is an object, the wanted voice-over language when the playlist offers it or lists
 * none, else English); undefined when the answer is not that plain case. Never throws, whatever the answer holds.
 */
export function firstSourceHint(dto: unknown, voLanguage: string, audioDescriptions: boolean): SourceHint | undefined {
  const playlist = record(dto);
  if (!playlist || !Array.isArray(playlist.items)) return undefined;
  if (str(record(playlist.flags)?.lang_type) === 'dual') return undefined;
  const item = record(playlist.items.find((it) => record(it)));
  const file = str(item?.file);
  if (!item || !file || VENDOR_TYPES.includes(str(item.type) ?? '')) return undefined;
  const offered = strList(playlist.voLanguages);
  const language = offered.length === 0 || offered.includes(voLanguage) ? voLanguage : 'en';
  const described = strList(item.audio_descriptions).includes(language);
  return { file, language, audioDescriptions: audioDescriptions && described };
}
