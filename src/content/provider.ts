import { HttpClient } from './http';
import type { Playlist, PlaylistItem } from './playlist';
import { flattenProfile, type Profile } from './profile';
import type { ClientConfigDto, MetaDto } from './types';
import type { ProviderHosts } from './hosts';
import { safeUrl } from './url';
import { nextTask } from '../core/next-task';
import { API_CALLS, configUserId, pickSource, type VideoSource } from './api-calls';
import { normalisePlaylist } from './normalise-playlist';

export type { VideoSource };

export { resolveHosts, type ProviderHosts } from './hosts';

export interface ClientConfig {
  client: string;
  name?: string;
  userId?: string;
  preferences: Record<string, unknown>;
  /** The account's hosted search settings, as sent (the search chunk validates them). */
  search?: unknown;
}

/** The content user whose last skipped meta item shows an image in the text language (en, es or pt; else en). */
export const META_SPECIAL_USER = '68';
export const META_IMAGE_LANGUAGES = ['en', 'es', 'pt'];

const enc = encodeURIComponent;

type SourceDto = { src?: unknown; alternate?: unknown; type?: unknown } | undefined;

/** Every call to the provider, over one shared HttpClient. */
export class ProviderApi {
  constructor(
    readonly hosts: ProviderHosts,
    readonly http: HttpClient,
  ) {}

  async clientConfig(client: string, signal?: AbortSignal): Promise<ClientConfig> {
    const [path] = API_CALLS.clientConfig(client);
    const dto = await this.http.get<ClientConfigDto>(this.hosts.api, path, { signal });
    const prefs =
      dto && typeof dto.preferences === 'object' && dto.preferences && !Array.isArray(dto.preferences)
        ? dto.preferences
        : {};
    return {
      client,
      name: typeof dto?.name === 'string' ? dto.name : undefined,
      userId: configUserId(dto),
      preferences: prefs,
      search: dto?.search,
    };
  }

  async profile(client: string, menuLanguage: string, signal?: AbortSignal): Promise<Profile> {
    const [path, query] = API_CALLS.profile(client, menuLanguage);
    const dto = await this.http.get<unknown>(this.hosts.api, path, { query, signal });
    // Parsed in tasks of a few ms each (a large answer: HttpClient's sliced parse), then flattened in a task of its
    // own: with a profile of 20,000 nodes none is long (the menu then renders in another, src/screens/menu-screen.tsx).
    await nextTask();
    return flattenProfile(dto);
  }

  /** A playlist in the player's model; `onAnswer` sees the provider's answer as it arrives, before it is read. */
  async playlist(
    client: string,
    code: string,
    menuLanguage: string,
    videoLanguage: string,
    signal?: AbortSignal,
    onAnswer?: (dto: unknown) => void,
  ): Promise<Playlist> {
    const [path, query] = API_CALLS.playlist(client, code, menuLanguage, videoLanguage);
    const dto = await this.http.get<unknown>(this.hosts.api, path, { query, signal });
    // In the task of the answer, before it is read (src/content/source-hint.ts).
    onAnswer?.(dto);
    return normalisePlaylist(dto, code);
  }

  /** GET {userId}/preferences on the content-delivery host; returned as is. */
  async userPreferences(userId: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const [path] = API_CALLS.userPreferences(userId);
    const dto = await this.http.get<unknown>(this.hosts.delivery, path, { signal });
    return dto && typeof dto === 'object' && !Array.isArray(dto) ? (dto as Record<string, unknown>) : {};
  }

  /** GET {userId}/meta/{contentId}, with the user-68 image substitution. */
  async meta(
    userId: string,
    contentId: string,
    voiceLanguage: string,
    textLanguage: string,
    signal?: AbortSignal,
  ): Promise<MetaDto> {
    const dto = await this.http.get<MetaDto>(this.hosts.delivery, `${enc(userId)}/meta/${enc(contentId)}`, {
      query: { voiceLanguage, textLanguage },
      signal,
    });
    return substituteMetaImage(dto, userId, textLanguage, this.hosts.static);
  }

  /** WebVTT text of a video's captions. */
  captions(videoId: string, voiceLanguage: string, textLanguage: string, signal?: AbortSignal): Promise<string> {
    return this.http.get<string>(this.hosts.api, `videos/${enc(videoId)}/captions`, {
      query: { voiceLanguage, textLanguage, format: 'vtt' },
      signal,
      as: 'text',
    });
  }

  /**
   * Ask now for the video source that `videoSource` will be called for with these arguments (the playlist's first
   * item, src/content/source-hint.ts): a request made ahead (HttpClient's `ahead`), whose answer is kept for the first
   * identical call within LENT_KEEP_MS whatever the provider's Cache-Control says (it is the same request, made
   * sooner); should it fail, that call asks again. Answers the source its answer gives with `cdn` (undefined if none,
   * or failed), in the answer's task.
   */
  prefetchVideoSource(
    client: string,
    fileId: string,
    language: string,
    audioDescriptions: boolean,
    signal?: AbortSignal,
    cdn = false,
  ): Promise<VideoSource | undefined> {
    return this.sourceAnswer(client, fileId, language, audioDescriptions, signal, true).then(
      (dto) => pickSource(dto, cdn, this.hosts.api),
      () => undefined,
    );
  }

  /**
   * The video source; with the cdn preference on and an alternate given, the alternate is used. With
   * `audioDescriptions`, the audio-described variant of the language (when the provider has it).
   */
  async videoSource(
    client: string,
    fileId: string,
    language: string,
    cdn: boolean,
    signal?: AbortSignal,
    audioDescriptions = false,
  ): Promise<VideoSource> {
    const dto = await this.sourceAnswer(client, fileId, language, audioDescriptions, signal);
    const source = pickSource(dto, cdn, this.hosts.api);
    if (!source) throw new TypeError('Malformed video source');
    return source;
  }

  private sourceAnswer(
    client: string,
    fileId: string,
    language: string,
    audioDescriptions: boolean,
    signal?: AbortSignal,
    ahead = false,
  ): Promise<SourceDto> {
    const [path, query] = API_CALLS.videoSource(client, fileId, language, audioDescriptions);
    return this.http.get<SourceDto>(this.hosts.api, path, { query, signal, ahead });
  }

  thumbnailUrl(file: string): string {
    return new URL(`thumbs/${enc(file)}_1280.jpg`, this.hosts.static).href;
  }

  /** Poster from the version's poster entry (else the thumbnail), with the published date as cache-buster. */
  posterUrl(item: Pick<PlaylistItem, 'posterPath' | 'file' | 'publishedAt'>): string | undefined {
    const poster = safeUrl(item.posterPath, this.hosts.static) ?? (item.file && this.thumbnailUrl(item.file));
    if (!poster) return undefined;
    const url = new URL(poster);
    if (item.publishedAt) url.searchParams.set('v', item.publishedAt);
    return url.href;
  }

  brochureUrl(client: string, file: string, language: string): string {
    return new URL(`${enc(client)}/${enc(file)}/${enc(language)}`, this.hosts.brochure).href;
  }

  /** Art by name, an http(s) URL, or a path on the static host; anything else is no art. */
  artUrl(art: string): string | undefined {
    const v = art.trim();
    return safeUrl(/^[a-z]+$/i.test(v) ? `art/${v.toLowerCase()}.svg` : v, this.hosts.static);
  }
}

export function substituteMetaImage(dto: MetaDto, userId: string, textLanguage: string, staticHost: string): MetaDto {
  if (!dto || typeof dto !== 'object' || !Array.isArray(dto.items)) return { ...(dto ?? {}), items: [] };
  if (String(userId) !== META_SPECIAL_USER || dto.items.length === 0) return dto;
  const last = dto.items[dto.items.length - 1];
  if (!last || !last.skip) return dto;
  const lang = META_IMAGE_LANGUAGES.includes(textLanguage) ? textLanguage : 'en';
  const path = new URL(`users/${META_SPECIAL_USER}/end-card-${lang}.jpg`, staticHost).href;
  const items = dto.items
    .slice(0, -1)
    .concat({ ...last, content: { ...last.content, image: { ...last.content?.image, path } } });
  return { ...dto, items };
}
