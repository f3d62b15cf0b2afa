import { expect } from '@open-wc/testing';
import { MAX_SOURCES, normalisePlaylist, normaliseSources } from '../src/content/normalise-playlist';
import type { PlaylistItem } from '../src/content/playlist';
import { loaderFor } from '../src/playback/loaders';
import { chooseSources } from '../src/playback/source-choice';
import type { SourceRequest } from '../src/playback/types';
import { testItem } from './test-items';

// Alternate renditions (`sources`): what normalisation keeps, and the order the html5 player tries them in.

const mp4 = (src: string, height?: number) => ({ src: `https://cdn.example/${src}`, type: 'video/mp4', height });
const all = () => true;
const srcs = (list: { src: string }[]) => list.map((s) => s.src.replace('https://cdn.example/', ''));

describe('normaliseSources', () => {
  it('keeps absolute http(s) renditions with their well-formed fields, drops the rest without throwing', () => {
    const out = normaliseSources([
      { src: 'https://cdn.example/a.mp4', type: 'video/mp4', height: 720, width: 1280, label: '720p' },
      'http://cdn.example/b.webm',
      { src: 'https://cdn.example/c.mp4', type: 7, height: -1, width: 1.5, label: {} },
      { src: 'https://cdn.example/d.mp4', height: '480' },
      { src: '/relative.mp4' },
      { src: 'media/relative.mp4' },
      { src: 'javascript:alert(1)' },
      { src: 'data:video/mp4;base64,AAAA' },
      { src: 'blob:https://cdn.example/x' },
      { src: 'https://cdn.example/a.mp4', label: 'a repeat' },
      { file: 'https://cdn.example/no-src.mp4' },
      null,
      42,
      ['https://cdn.example/array.mp4'],
      { src: 'https://' },
    ]);
    expect(out).to.deep.equal([
      { src: 'https://cdn.example/a.mp4', type: 'video/mp4', height: 720, width: 1280, label: '720p' },
      { src: 'http://cdn.example/b.webm' },
      { src: 'https://cdn.example/c.mp4' },
      { src: 'https://cdn.example/d.mp4', height: 480 },
    ]);
    for (const bad of [undefined, null, 'https://cdn.example/a.mp4', {}, 3, { length: 2, 0: 'x' }]) {
      expect(normaliseSources(bad)).to.deep.equal([]);
    }
  });

  it(`keeps at most ${MAX_SOURCES}`, () => {
    const many = Array.from({ length: MAX_SOURCES + 5 }, (_, i) => `https://cdn.example/${i}.mp4`);
    expect(normaliseSources(many)).to.have.length(MAX_SOURCES);
  });

  it("gives an item its own renditions, else the playlist's", () => {
    const p = normalisePlaylist(
      {
        code: 'A_S',
        sources: [{ src: 'https://cdn.example/playlist.mp4', type: 'video/mp4' }, { src: 'ftp://x/y.mp4' }],
        items: [
          { code: 'V_OWN', file: 'one', sources: [{ src: 'https://cdn.example/own.mp4', height: 360 }] },
          { code: 'V_NONE', file: 'two', sources: [] },
          { code: 'V_BAD', file: 'three', sources: [{ src: 'javascript:void 0' }] },
          { code: 'V_MISSING', file: 'four' },
        ],
      },
      'A_S',
    );
    expect(p.sources).to.deep.equal([{ src: 'https://cdn.example/playlist.mp4', type: 'video/mp4' }]);
    expect(p.items.map((it) => [it.code, srcs(it.sources ?? [])])).to.deep.equal([
      ['V_OWN', ['own.mp4']],
      ['V_NONE', ['playlist.mp4']],
      ['V_BAD', ['playlist.mp4']],
      ['V_MISSING', ['playlist.mp4']],
    ]);
    const none = normalisePlaylist(
      { code: 'A_N', sources: 'nope', items: [{ code: 'V', sources: { src: 1 } }] },
      'A_N',
    );
    expect([none.sources, none.items[0].sources]).to.deep.equal([[], []]);
  });
});

describe('chooseSources', () => {
  const provider = { src: 'https://api.example/vod/knee.mp4', type: 'video/mp4' };

  it("puts the provider's answer first, then the renditions, each URL once", () => {
    const renditions = [mp4('a.mp4'), { src: provider.src }, mp4('b.mp4')];
    const out = chooseSources({ provider, renditions, canPlay: all });
    expect(out.map((s) => s.src)).to.deep.equal([provider.src, mp4('a.mp4').src, mp4('b.mp4').src]);
    expect(out[1]).to.deep.equal({ src: mp4('a.mp4').src, type: 'video/mp4' });
    expect(chooseSources({ renditions: [], canPlay: all })).to.deep.equal([]);
    expect(chooseSources({ provider, renditions: [], canPlay: all })).to.deep.equal([provider]);
  });

  it('leaves out what the browser cannot play; a rendition without a type stays', () => {
    const canPlay = (type: string) => type === 'video/mp4';
    const renditions = [
      { src: 'https://cdn.example/x.mkv', type: 'video/x-matroska' },
      { src: 'https://cdn.example/untyped' },
      mp4('y.mp4'),
    ];
    expect(srcs(chooseSources({ renditions, canPlay }))).to.deep.equal(['untyped', 'y.mp4']);
    const webm = { src: 'https://api.example/vod/knee.webm', type: 'video/webm' };
    expect(chooseSources({ provider: webm, renditions, canPlay }).map((s) => s.src)).to.not.include(webm.src);
    // Nothing else left: the provider's answer is tried anyway (its failure is then the media's, as before).
    expect(chooseSources({ provider: webm, renditions: [], canPlay: () => false })).to.deep.equal([webm]);
  });

  it('prefers the smallest rendition as tall as the drawn height, then the tallest of the shorter ones', () => {
    const renditions = [mp4('360', 360), mp4('none'), mp4('1080', 1080), mp4('240', 240), mp4('720', 720)];
    const order = (drawnHeight?: number) => srcs(chooseSources({ renditions, canPlay: all, drawnHeight }));
    expect(order(500)).to.deep.equal(['720', '1080', '360', '240', 'none']);
    expect(order(720)).to.deep.equal(['720', '1080', '360', '240', 'none']);
    expect(order(200)).to.deep.equal(['240', '360', '720', '1080', 'none']);
    expect(order(2160)).to.deep.equal(['1080', '720', '360', '240', 'none']);
    // The drawn height unknown: the provider's order.
    for (const unknown of [undefined, 0, NaN, -5]) {
      expect(order(unknown)).to.deep.equal(['360', 'none', '1080', '240', '720']);
    }
    // Equal heights keep the provider's order; the provider's answer stays first whatever the heights.
    const same = [mp4('first', 180), mp4('second', 180)];
    expect(srcs(chooseSources({ renditions: same, canPlay: all, drawnHeight: 400 }))).to.deep.equal([
      'first',
      'second',
    ]);
    expect(chooseSources({ provider, renditions, canPlay: all, drawnHeight: 500 })[0]).to.equal(provider);
  });
});

describe('the html5 loader and renditions', () => {
  const item = testItem;
  const request = (it: PlaylistItem, videoSource: SourceRequest['api']['videoSource']): SourceRequest => ({
    item: it,
    client: 'demo',
    language: 'en',
    cdn: false,
    api: { videoSource },
    signal: new AbortController().signal,
    audioDescriptions: false,
  });
  const renditions = [mp4('r.mp4', 360)];

  it('plays an item with renditions and no file or video id, without a video call', async () => {
    const it = item({ type: 'MainUploadedVideo', sources: renditions });
    const loader = loaderFor(it);
    expect(loader.kind).to.equal('html5');
    expect(loaderFor(item({ sources: renditions })).kind).to.equal('html5');
    expect(loaderFor(item({})).kind).to.equal('slides');
    let calls = 0;
    const source = await loader.source!(request(it, () => (calls++, Promise.resolve({ src: 'https://x/y.mp4' }))));
    expect([source, calls]).to.deep.equal([undefined, 0]);
  });

  it('asks the video call when there is a file, and falls back to the renditions when it fails', async () => {
    const answer = { src: 'https://api.example/vod/one.mp4', type: 'video/mp4' };
    const withFile = item({ type: 'MainHostedVideo', file: 'one', sources: renditions });
    const ok = await loaderFor(withFile).source!(request(withFile, () => Promise.resolve(answer)));
    expect(ok).to.deep.equal(answer);
    const failing = () => Promise.reject(new TypeError('Malformed video source'));
    expect(await loaderFor(withFile).source!(request(withFile, failing))).to.equal(undefined);
    // Without renditions the call's failure is the item's, as before.
    const plain = item({ type: 'MainHostedVideo', file: 'one' });
    const error = await loaderFor(plain).source!(request(plain, failing)).catch((e: unknown) => e);
    expect((error as Error).message).to.equal('Malformed video source');
  });
});
