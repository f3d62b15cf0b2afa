import type { AdapterEvents, MediaAdapter } from '../src/playback/types';

/** A media adapter whose time the test sets; it reports like a real one. */
export class FakeAdapter implements MediaAdapter {
  readonly kind = 'html5' as const;
  readonly canvasable = false;
  time = 0;
  playing = false;
  destroyed = false;
  /** A media asked to play that never gets the data to start: no `playing` report. */
  silent = false;
  constructor(
    readonly events: AdapterEvents,
    readonly duration: number,
  ) {}
  play() {
    this.playing = true;
    if (!this.silent) this.events.playing();
    return Promise.resolve();
  }
  pause() {
    this.playing = false;
    this.events.paused();
  }
  seek(seconds: number) {
    this.time = seconds;
  }
  setVolume() {}
  setMuted() {}
  getCurrentTime() {
    return this.time;
  }
  getDuration() {
    return this.duration;
  }
  destroy() {
    this.destroyed = true;
  }
}

/** A playlist of hosted videos for engine tests (provider shape): the given items, skipping allowed. */
export const testPlaylist = (items: object[]) => ({
  code: 'A_TEST',
  type: 'video',
  voLanguages: ['en'],
  ccLanguages: ['en'],
  flags: { lang_type: 'single', skip: 1 },
  items,
});
