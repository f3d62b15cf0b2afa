import { expect } from '@open-wc/testing';
import { HttpClient } from '../src/content/http';
import { resolveLabel } from '../src/content/labels';
import { normaliseHyperlink, normalisePlaylist } from '../src/content/normalise-playlist';
import { LINK_SCHEMES, safeUrl } from '../src/content/url';
import { flattenProfile, isMenuCode } from '../src/content/profile';
import { ProviderApi, resolveHosts, substituteMetaImage } from '../src/content/provider';
import { PROVIDER_URL, json, rejection, type ProviderErrorBody } from './helpers';

const api = () => new ProviderApi(resolveHosts(PROVIDER_URL), new HttpClient());

describe('content models', () => {
  it('resolves labels: titles override, item label, video label in menu language, English, none', () => {
    const titles = { A_1: { es: 'Título propio' } };
    const item = {
      code: 'A_1',
      label: 'Item label',
      labels: { es: 'Etiqueta' },
      video: { labels: { en: 'Video EN', de: 'Video DE' } },
    };
    expect(resolveLabel(item, 'es', titles)).to.equal('Título propio');
    expect(resolveLabel(item, 'es')).to.equal('Etiqueta');
    expect(resolveLabel(item, 'de')).to.equal('Item label');
    expect(resolveLabel({ video: item.video }, 'de')).to.equal('Video DE');
    expect(resolveLabel({ video: item.video }, 'pt')).to.equal('Video EN');
    expect(resolveLabel({ labels: { en: 'Only English' } }, 'ar')).to.equal('Only English');
    expect(resolveLabel({}, 'en')).to.equal(undefined);
    expect(resolveLabel({ label: '  ' }, 'en')).to.equal(undefined);
  });

  it('flattens the profile by code and de-duplicates leaves by file', () => {
    const p = flattenProfile({
      code: 'root',
      children: [
        {
          code: 'L_A',
          layer: 'library',
          children: [
            {
              code: 'C_A',
              layer: 'collection',
              children: [
                { code: 'A_1', layer: 'item', file: 'f1' },
                { code: 'A_2', layer: 'item', file: 'f2' },
              ],
            },
          ],
        },
        {
          code: 'L_B',
          layer: 'library',
          children: [
            { code: 'A_1b', layer: 'item', file: 'f1' },
            null,
            'junk',
            { layer: 'item' },
            { code: 'L_A', layer: 'library', children: [] },
          ],
        },
      ],
    });
    expect(p.rootCode).to.equal('root');
    expect([...p.nodes.keys()]).to.deep.equal(['root', 'L_A', 'C_A', 'A_1', 'A_2', 'L_B', 'A_1b']);
    expect(p.items.map((i) => i.code)).to.deep.equal(['A_1', 'A_2']);
    expect(p.nodes.get('A_1')!.parent).to.equal('C_A');
    expect(p.nodes.get('L_B')!.children).to.deep.equal(['A_1b']);
    expect(flattenProfile(null).nodes.size).to.equal(1);
    expect(flattenProfile('garbage').items).to.deep.equal([]);
    expect(isMenuCode('A_DEMO_VIDEO')).to.equal(false);
    expect(isMenuCode(undefined)).to.equal(true);
  });

  it('normalises playlists: hyperlinks, runtime from the last text entry, chapters, dual expansion', () => {
    const p = normalisePlaylist(
      {
        code: 'A_X',
        flags: { lang_type: 'dual' },
        items: [
          {
            code: 'V1',
            file: 'f1',
            content: { hyperlink: 'www.example.org/a' },
            version: {
              published_at: '2026-01-01',
              text: [
                { key: 'chapter', value: 'Intro', t: 0, f: 0 },
                { key: 'chapter', value: 'End', t: 6000, f: 6000 },
              ],
            },
          },
          { code: 'S1', runtime: 12 },
          'junk',
        ],
      },
      'A_X',
    );
    expect(p.items.map((i) => [i.code, i.language])).to.deep.equal([
      ['V1', 'en'],
      ['V1:es', 'es'],
      ['S1', 'en'],
    ]);
    expect(p.items[0].runtime).to.equal(6);
    expect(p.runtime).to.equal(6 + 6 + 12);
    expect(p.items[0].chapters).to.deep.equal([
      { f: 0, h: 'Intro' },
      { f: 6000, h: 'End' },
    ]);
    expect(p.items[0].hyperlink).to.equal('https://www.example.org/a');
    expect(normaliseHyperlink('http://a.example')).to.equal('http://a.example');
    expect(safeUrl(normaliseHyperlink('javascript:alert(1)'), undefined, LINK_SCHEMES)).to.equal(undefined);
    expect(safeUrl('https://ok.example/x', undefined, LINK_SCHEMES)).to.equal('https://ok.example/x');
    expect(safeUrl('mailto:care@clinic.example', undefined, LINK_SCHEMES)).to.equal('mailto:care@clinic.example');
    expect(safeUrl('tel:+15550100', undefined, LINK_SCHEMES)).to.equal('tel:+15550100');
    expect(() => normalisePlaylist(null, 'A')).to.throw(TypeError);
    expect(() => normalisePlaylist([], 'A')).to.throw(TypeError);
  });

  it("an item without its own poster or brochure uses the playlist's; malformed ones are dropped", () => {
    const entries = (poster: unknown, brochure: unknown) => ({
      version: {
        text: [
          { key: 'poster', value: poster },
          { key: 'brochure', value: brochure },
        ],
      },
    });
    const p = normalisePlaylist(
      {
        code: 'A_X',
        poster: 'posters/playlist.jpg',
        brochure: 'playlist-brochure',
        items: [
          { code: 'OWN', file: 'own', ...entries('posters/own.jpg', 'own-brochure') },
          { code: 'NONE', file: 'none' },
          { code: 'BAD', file: 'bad', ...entries('javascript:alert(1)', 42) },
        ],
      },
      'A_X',
    );
    expect(p.poster).to.equal('posters/playlist.jpg');
    expect(p.brochure).to.equal('playlist-brochure');
    expect(p.items.map((i) => [i.code, i.posterPath, i.brochureFile])).to.deep.equal([
      ['OWN', 'posters/own.jpg', 'own-brochure'],
      ['NONE', 'posters/playlist.jpg', 'playlist-brochure'],
      ['BAD', 'posters/playlist.jpg', 'playlist-brochure'],
    ]);
    expect(api().posterUrl(p.items[1])).to.equal(new URL('static/posters/playlist.jpg', PROVIDER_URL).href);
    for (const [poster, brochure] of [
      ['data:image/png;base64,AAAA', ''],
      [{ url: 'posters/x.jpg' }, ['b']],
      ['  ', 7],
    ]) {
      const bad = normalisePlaylist({ code: 'A_Y', poster, brochure, items: [{ code: 'V', file: 'v' }] }, 'A_Y');
      expect([bad.poster, bad.brochure, bad.items[0].posterPath, bad.items[0].brochureFile]).to.deep.equal([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      // With no usable poster anywhere, the item's thumbnail is its poster.
      expect(api().posterUrl(bad.items[0])).to.equal(api().thumbnailUrl('v'));
    }
  });

  it('skipping is allowed unless flags.skip is 0 or the provider sends allowSkipping false', () => {
    const allow = (dto: object) => normalisePlaylist({ code: 'A', items: [], ...dto }, 'A').allowSkipping;
    expect(allow({})).to.equal(true);
    expect(allow({ flags: { skip: 1 }, allowSkipping: true })).to.equal(true);
    expect(allow({ flags: { skip: 0 } })).to.equal(false);
    expect(allow({ flags: { skip: 0 }, allowSkipping: true })).to.equal(false);
    expect(allow({ flags: { skip: 1 }, allowSkipping: false })).to.equal(false);
    expect(allow({ allowSkipping: false })).to.equal(false);
    // Anything but a boolean false says nothing.
    expect(allow({ allowSkipping: 'false' })).to.equal(true);
    expect(allow({ allowSkipping: 0 })).to.equal(true);
  });

  it('builds asset URLs: thumbnails, poster with the published-date cache-buster, brochures, art', () => {
    const a = api();
    expect(a.thumbnailUrl('knee')).to.equal(new URL('static/thumbs/knee_1280.jpg', PROVIDER_URL).href);
    expect(a.posterUrl({ posterPath: 'posters/knee.jpg', publishedAt: '2026-03-01T10:00:00Z' })).to.equal(
      new URL('static/posters/knee.jpg?v=2026-03-01T10%3A00%3A00Z', PROVIDER_URL).href,
    );
    expect(a.posterUrl({ file: 'knee' })).to.equal(a.thumbnailUrl('knee'));
    expect(a.brochureUrl('demo', 'knee', 'es')).to.equal(new URL('brochures/demo/knee/es', PROVIDER_URL).href);
    expect(a.artUrl('knee')).to.equal(new URL('static/art/knee.svg', PROVIDER_URL).href);
    expect(a.artUrl('https://cdn.example/logo.png')).to.equal('https://cdn.example/logo.png');
    const split = resolveHosts(PROVIDER_URL, { static: 'https://static.example/s' });
    expect(split.static).to.equal('https://static.example/s/');
  });

  it('puts only http(s) URLs from options or provider data in a src or href; others fall back or are dropped', () => {
    const hostile = [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      'blob:https://x.example/1',
      'file:///etc/passwd',
      'vbscript:x',
    ];
    for (const bad of hostile) {
      expect(safeUrl(bad), bad).to.equal(undefined);
      expect(safeUrl(bad, undefined, LINK_SCHEMES), bad).to.equal(undefined);
      // Hosts from attributes: the default (or the provider's own path) instead.
      expect(resolveHosts(bad, {}, location.href, 'https://cdn.example/').api, bad).to.equal(
        'https://cdn.example/api/',
      );
      expect(resolveHosts(PROVIDER_URL, { static: bad, brochure: bad }).static, bad).to.equal(
        new URL('static/', PROVIDER_URL).href,
      );
      expect(resolveHosts(PROVIDER_URL, { brochure: bad }).brochure, bad).to.equal(
        new URL('brochures/', PROVIDER_URL).href,
      );
      const a = api();
      expect(a.artUrl(bad), bad).to.equal(undefined);
      // A poster path of another scheme: the thumbnail instead.
      expect(a.posterUrl({ posterPath: bad, file: 'knee' }), bad).to.equal(a.thumbnailUrl('knee'));
      expect(a.posterUrl({ posterPath: bad }), bad).to.equal(undefined);
    }
    expect(safeUrl(' https://ok.example/a ')).to.equal('https://ok.example/a');
    expect(safeUrl('posters/x.jpg', 'https://s.example/static/')).to.equal('https://s.example/static/posters/x.jpg');
    expect(safeUrl(42)).to.equal(undefined);
  });

  it('a video source of another scheme is no source (the item says it could not be loaded)', async () => {
    const hosts = resolveHosts('https://provider.example/');
    const answer = (src: unknown) =>
      new ProviderApi(
        hosts,
        new HttpClient({ fetch: () => Promise.resolve(Response.json({ src, alternate: 'javascript:alert(1)' })) }),
      );
    for (const src of ['javascript:alert(1)', 'data:video/mp4;base64,AAAA']) {
      const error = await rejection(answer(src).videoSource('demo', 'knee', 'en', false));
      expect(error.message, src).to.equal('Malformed video source');
    }
    // An alternate (cdn) of another scheme: the main source; a relative source is on the API host.
    expect((await answer('media/knee.mp4').videoSource('demo', 'knee', 'en', true)).src).to.equal(
      'https://provider.example/api/media/knee.mp4',
    );
    expect((await answer('/media/knee.mp4').videoSource('demo', 'knee', 'en', false)).src).to.equal(
      'https://provider.example/media/knee.mp4',
    );
  });

  it('substitutes the user-68 image of a last skip item by text language (en fallback)', async () => {
    const meta = await api().meta('68', 'A_DEMO_VIDEO', 'en', 'es');
    const last = meta.items!.at(-1)!;
    expect(last.skip).to.equal(true);
    expect(last.content!.image!.path).to.equal(new URL('static/users/68/end-card-es.jpg', PROVIDER_URL).href);
    expect((await fetch(last.content!.image!.path!)).status).to.equal(200);
    const de = await api().meta('68', 'A_DEMO_VIDEO', 'en', 'de');
    expect(de.items!.at(-1)!.content!.image!.path).to.match(/end-card-en\.jpg$/);
    const dto = {
      items: [
        { skip: false, content: { image: { path: 'a.jpg' } } },
        { skip: true, content: { image: { path: 'b.jpg' } } },
      ],
    };
    expect(substituteMetaImage(dto, '12', 'es', 'https://s.example/').items![1].content!.image!.path).to.equal('b.jpg');
    expect(
      substituteMetaImage(
        { items: [{ skip: false, content: { image: { path: 'b.jpg' } } }] },
        '68',
        'es',
        'https://s.example/',
      ).items![0].content!.image!.path,
    ).to.equal('b.jpg');
    expect(substituteMetaImage({}, '68', 'es', 'https://s.example/').items).to.deep.equal([]);
  });

  it('reads every documented call from the reference provider', async () => {
    const a = api();
    const config = await a.clientConfig('demo');
    expect(config.userId).to.equal('68');
    const profile = await a.profile('demo', 'en');
    expect(profile.items.length).to.be.at.least(24);
    for (const code of ['A_DEMO_VIDEO', 'A_DEMO_SLIDES', 'A_DEMO_DUAL', 'A_DEMO_YT', 'A_DEMO_VIMEO']) {
      const p = await a.playlist('demo', code, 'en', 'en');
      expect(p.items.length, code).to.be.greaterThan(0);
    }
    const video = await a.playlist('demo', 'A_DEMO_VIDEO', 'en', 'en');
    expect(video.items.length).to.be.at.least(2);
    expect(video.items[0].chapters.length).to.be.greaterThan(0);
    expect(video.ccLanguages).to.include.members(['en', 'es', 'de', 'pt', 'ar']);
    expect((await a.playlist('demo', 'A_DEMO_DUAL', 'en', 'en')).flags.lang_type).to.equal('dual');
    expect((await a.playlist('demo', 'A_DEMO_YT', 'en', 'en')).items[0].type).to.equal('MainYoutubeVideo');
    expect((await a.playlist('demo', 'A_DEMO_VIMEO', 'en', 'en')).items[0].type).to.equal('MainVimeoVideo');
    const file = video.items[0].file!;
    for (const lang of ['en', 'es', 'de', 'pt', 'ar']) {
      const vtt = await a.captions(file, 'en', lang);
      expect(vtt.startsWith('WEBVTT'), lang).to.equal(true);
    }
    const source = await a.videoSource('demo', file, 'en', false);
    const alt = await a.videoSource('demo', file, 'en', true);
    expect(source.src).to.match(/\.mp4/);
    expect(alt.src).to.not.equal(source.src);
    const ranged = await fetch(source.src, { headers: { Range: 'bytes=0-99' } });
    expect(ranged.status).to.equal(206);
    expect((await ranged.arrayBuffer()).byteLength).to.equal(100);
    expect(await a.userPreferences('68')).to.be.an('object');
    const brochure = await fetch(a.brochureUrl('demo', video.items[0].brochureFile ?? file, 'en'));
    expect(brochure.status).to.equal(200);
  });

  it('the reference provider answers bad requests with 4xx JSON, honours ETag, and rejects traversal', async () => {
    const url = new URL('api/clients/demo', PROVIDER_URL);
    const first = await fetch(url, { cache: 'no-store' });
    const etag = first.headers.get('etag');
    expect(etag).to.be.a('string');
    const again = await fetch(url, { cache: 'no-store', headers: { 'If-None-Match': etag! } });
    expect(again.status).to.equal(304);
    const missing = await fetch(new URL('api/clients/nobody', PROVIDER_URL));
    expect(missing.status).to.equal(404);
    expect((await json<ProviderErrorBody>(missing)).error.code).to.equal('client_not_found');
    const bad = await fetch(new URL('api/videos/knee-overview/captions?format=srt', PROVIDER_URL));
    expect(bad.status).to.equal(400);
    expect((await json<ProviderErrorBody>(bad)).error.status).to.equal(400);
    const traversal = await fetch(new URL('static/..%2f..%2fpackage.json', PROVIDER_URL));
    expect(traversal.status).to.equal(400);
    const post = await fetch(url, { method: 'POST' });
    expect(post.status).to.equal(405);
  });
});
