import { ref } from 'valtio/vanilla';
import type { PlaylistItem } from '../content/playlist';
import type { ProviderApi } from '../content/provider';
import { Burst } from '../core/burst';
import type { PlaybackState } from '../state/player-store';
import { captionLanguages } from './rules';
import type { PlayerTime } from './timing';
import { activeCues, parseVtt, type Cue } from './vtt';

export interface CaptionDeps {
  /** The playback state the cues and the lines on screen go to (read each time: a playlist change replaces it). */
  playback: () => PlaybackState;
  api: () => Pick<ProviderApi, 'captions'>;
  time: PlayerTime;
}

/**
 * The current item's captions: its cues in the caption language (English when that language has none), loaded with
 * the item and aborted with it; the lines shown at each poll. A change of language drops the cues at once; a flood of
 * changes asks for the first language's and the last one's only.
 */
export class Captions {
  private cues: Cue[] = [];
  /** The load under way: a newer one (another language chosen quickly) aborts it. */
  private abort?: AbortController;
  private readonly changes: Burst;

  constructor(private readonly deps: CaptionDeps) {
    this.changes = new Burst(
      () => deps.time.clock(),
      () => deps.time.timing().loadSpacingMs,
    );
  }

  /** Load `item`'s cues for voice-over `vo` in caption language `cc`; aborted with the item (`itemSignal`). */
  async load(item: PlaylistItem, vo: string, cc: string, itemSignal: AbortSignal): Promise<void> {
    this.abort?.abort();
    const own = (this.abort = new AbortController());
    // Aborted with the item, or by the next caption load: the last language chosen wins.
    const signal = AbortSignal.any([itemSignal, own.signal]);
    const id = item.videoId ?? item.file;
    this.clear();
    if (!id || !(item.file || item.type === 'MainHostedVideo' || item.type === 'MainUploadedVideo')) return;
    const api = this.deps.api();
    for (const lang of captionLanguages(cc)) {
      try {
        const cues = parseVtt(await api.captions(id, vo, lang, signal));
        if (signal.aborted) return;
        const pb = this.deps.playback();
        this.cues = cues;
        pb.cues = ref(cues);
        pb.hasCaptions = cues.length > 0;
        return;
      } catch {
        if (signal.aborted) return;
      }
    }
  }

  /** Another caption language: the cues of the one left go at once, the new ones load under the flood rule. */
  change(item: PlaylistItem, vo: string, cc: string, itemSignal: AbortSignal): void {
    this.abort?.abort();
    this.clear();
    this.changes.run(() => void this.load(item, vo, cc, itemSignal));
  }

  /** The lines on screen at `time` (the state changes only when they do). */
  show(time: number): void {
    const pb = this.deps.playback();
    const lines = activeCues(this.cues, time);
    if (lines.join('\n') !== pb.captions.join('\n')) pb.captions = lines;
  }

  /** An item load drops the language change waiting (its own load brings the cues). */
  cancel(): void {
    this.changes.cancel();
  }

  private clear(): void {
    this.cues = [];
    this.deps.playback().cues = ref([]);
  }
}
