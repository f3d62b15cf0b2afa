import { expect } from '@open-wc/testing';
import type { PlaylistItem } from '../src/content/playlist';
import { createHtml5Adapter } from '../src/playback/adapters/html5';
import { DEFAULT_SCRIPTS, type AdapterEvents, type LoadContext, type MediaAdapter } from '../src/playback/types';
import { PROVIDER_URL, waitFor } from './helpers';
import { testItem } from './test-items';

// The html5 adapter with several sources and real media: a source that fails moves it to the next one, before ready
// (the engine sees one ready) and after (at the same position, playing again), and only the last failure is reported.

const media = (path: string) => new URL(`media/${path}`, PROVIDER_URL).href;

describe('html5 adapter: the next source when one fails', () => {
  let container: HTMLElement;
  let adapter: MediaAdapter | undefined;
  const calls: string[] = [];
  const events: AdapterEvents = {
    ready: () => calls.push('ready'),
    playing: () => calls.push('playing'),
    paused: () => calls.push('paused'),
    ended: () => calls.push('ended'),
    durationChange: () => undefined,
    error: (e) => calls.push(`error ${e.code}`),
  };
  const load = (source: LoadContext['source'], sources: PlaylistItem['sources']) =>
    createHtml5Adapter({
      container,
      item: testItem({ sources }),
      events,
      signal: new AbortController().signal,
      origin: location.origin,
      source,
      scripts: DEFAULT_SCRIPTS,
      staticUrl: (p) => p,
      volume: 0,
      muted: true,
    });
  /** Makes the element report a media error of `code` (the browser's own are hard to cause after the metadata). */
  const fail = (video: HTMLVideoElement, code: number) => {
    Object.defineProperty(video, 'error', { configurable: true, get: () => ({ code, message: 'injected' }) });
    video.dispatchEvent(new Event('error'));
    delete (video as { error?: unknown }).error;
  };

  beforeEach(() => {
    calls.length = 0;
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(() => {
    adapter?.destroy();
    adapter = undefined;
    container.remove();
  });

  it('a missing provider source gives way to a rendition before ready: one ready, no error', async () => {
    adapter = await load({ src: media('missing-provider/en.mp4'), type: 'video/mp4' }, [
      { src: media('hand-hygiene/en.mp4'), type: 'video/mp4' },
    ]);
    const video = container.querySelector('video')!;
    expect(new URL(video.currentSrc).pathname).to.equal('/media/hand-hygiene/en.mp4');
    expect(calls).to.deep.equal(['ready']);
    expect(adapter.getDuration()).to.be.greaterThan(5);
  });

  it('after ready, a network error moves to the next source at the same position, playing again', async () => {
    adapter = await load({ src: media('knee-overview/en.mp4'), type: 'video/mp4' }, [
      { src: media('hand-hygiene/en.mp4'), type: 'video/mp4' },
    ]);
    const video = container.querySelector('video')!;
    await adapter.play();
    adapter.seek(5);
    await waitFor(() => video.currentTime > 5.2 && !video.paused, 'playing past 5 s', 8000);
    const position = video.currentTime;
    calls.length = 0;
    fail(video, MediaError.MEDIA_ERR_NETWORK);
    await waitFor(() => new URL(video.currentSrc).pathname === '/media/hand-hygiene/en.mp4', 'the next source');
    // Played from the start, it would take over 5 s to get there.
    await waitFor(() => video.readyState >= 1 && !video.paused && video.currentTime > position, 'resumed', 2500);
    expect(calls.filter((c) => c.startsWith('error') || c === 'paused')).to.deep.equal([]);
    // None left: the next failure is reported.
    fail(video, MediaError.MEDIA_ERR_NETWORK);
    expect(calls.at(-1)).to.equal(`error ${MediaError.MEDIA_ERR_NETWORK}`);
  });

  it('a paused video stays paused on the next source', async () => {
    adapter = await load({ src: media('knee-overview/en.mp4'), type: 'video/mp4' }, [
      { src: media('hand-hygiene/en.mp4'), type: 'video/mp4' },
    ]);
    const video = container.querySelector('video')!;
    adapter.seek(2);
    await waitFor(() => video.currentTime === 2, 'at 2 s');
    fail(video, MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED);
    await waitFor(() => new URL(video.currentSrc).pathname === '/media/hand-hygiene/en.mp4', 'the next source');
    await waitFor(() => video.readyState >= 1 && video.currentTime === 2, 'at 2 s again');
    expect(video.paused).to.equal(true);
    expect(calls).to.deep.equal(['ready']);
  });
});
