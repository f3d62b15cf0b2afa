import { expect } from '@open-wc/testing';
import { CONTROLLER } from '../src/app/embed-options';
import type { PlaylistDto } from '../src/content/types';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import {
  $,
  answerNext,
  cleanPlayersAndFaults,
  FAULT_PROVIDER_URL,
  mountPlayer,
  PROVIDER_URL,
  waitFor,
  watchRequests,
} from './helpers';

// Playlist-level fields: the playlist's poster and brochure stand in for an item's missing own, and the provider's
// allowSkipping false refuses skipping as flags.skip 0 does; an item's alternate renditions (`sources`) play when
// the ones before them cannot.

const pb = (el: PatientEdPlayerElement) => el[CONTROLLER].state.playback;
const engine = (el: PatientEdPlayerElement) => el[CONTROLLER].engine;

async function mountReady(attrs: Record<string, string>) {
  const el = await mountPlayer({ client: 'demo', ...attrs });
  await waitFor(() => pb(el).ready && pb(el).playerState === 0, `ready item (error ${pb(el).error?.message})`, 10000);
  return el;
}

describe('playlist-level fields', () => {
  cleanPlayersAndFaults();

  it("an item without its own poster and brochure shows the playlist's", async () => {
    // A_DEMO_DUAL's wound-care item has neither a poster nor a brochure entry; the playlist has both.
    const el = await mountReady({ code: 'A_DEMO_DUAL' });
    const item = pb(el).playlist!.items[2];
    expect(item.file).to.equal('wound-care');
    engine(el).setIndex(2);
    await waitFor(() => pb(el).index === 2 && pb(el).ready && pb(el).playerState === 0, 'the wound-care item');
    const poster = await waitFor(() => $<HTMLImageElement>(el, 'img.poster'), 'the poster');
    const src = new URL(poster.src);
    expect(src.pathname).to.match(/\/static\/posters\/hand-hygiene\.jpg$/);
    expect(src.searchParams.get('v')).to.equal(item.publishedAt);
    el[CONTROLLER].navigate('/demo/player/A_DEMO_DUAL/extras');
    const link = await waitFor(() => $<HTMLAnchorElement>(el, '.brochure-link'), 'brochure link');
    expect(pb(el).index).to.equal(2);
    expect(link.href).to.match(/\/brochures\/demo\/hand-hygiene\/en$/);
    expect((await fetch(link.href)).status).to.equal(200);
  });

  it("the provider's allowSkipping false refuses skipping ahead although flags.skip is 1", async () => {
    const answer = await fetch(new URL('api/clients/demo/playlists/A_DEMO_VIDEO', PROVIDER_URL));
    const dto = (await answer.json()) as PlaylistDto;
    expect(dto.allowSkipping).to.equal(true);
    expect(dto.flags?.skip).to.equal(1);
    await answerNext('/api/clients/demo/playlists/A_DEMO_VIDEO', { ...dto, allowSkipping: false });
    const el = await mountReady({ code: 'A_DEMO_VIDEO', 'provider-url': FAULT_PROVIDER_URL });
    expect(pb(el).playlist!.allowSkipping).to.equal(false);
    expect(engine(el).next()).to.equal(false);
    expect(pb(el).index).to.equal(0);
    expect($(el, '[data-control="next"]')!.hasAttribute('disabled')).to.equal(true);
    engine(el).seek(6);
    expect(pb(el).currentTime).to.equal(0);
  });

  it('renditions alone play without a video call: a missing one gives way, no error shown', async () => {
    // A_DEMO_SOURCES' item has no file: a rendition in a format no browser plays, a missing one (404), a real one.
    const requests = watchRequests();
    try {
      const el = await mountReady({ code: 'A_DEMO_SOURCES' });
      const item = pb(el).playlist!.items[0];
      expect([item.file, item.videoId]).to.deep.equal([undefined, undefined]);
      expect(item.sources!.map((s) => new URL(s.src).pathname)).to.deep.equal([
        '/media/hand-hygiene/en.mkv',
        '/media/missing-rendition/en.mp4',
        '/media/hand-hygiene/en.mp4',
      ]);
      const video = await waitFor(() => $<HTMLVideoElement>(el, 'video'), 'the video');
      expect(new URL(video.currentSrc).pathname).to.equal('/media/hand-hygiene/en.mp4');
      expect(video.crossOrigin).to.equal('anonymous'); // the next rendition is asked for with CORS again
      await engine(el).play();
      await waitFor(() => pb(el).playerState === 1 && pb(el).currentTime > 0.5, 'playing, time advancing', 10000);
      expect(video.paused).to.equal(false);
      expect(pb(el).error).to.equal(undefined);
      expect($(el, '.stage-error')).to.equal(null);
      expect($(el, '.notice-error')).to.equal(null);
      expect(requests.requests.filter((r) => r.url.includes('/vod/'))).to.deep.equal([]);
    } finally {
      requests.stop();
    }
  });
});
