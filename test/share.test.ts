import { expect } from '@open-wc/testing';
import jsQR from 'jsqr';
import { CONTROLLER } from '../src/app/embed-options';
import { buildShareUrl, readShareLink, SHARE_PARAMS } from '../src/content/share-link';
import { scriptUrl } from '../src/core/script-url';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import {
  $,
  cleanPlayersAndFaults,
  controlNames,
  DEMO_URL,
  findControl,
  mountPlayer,
  PROVIDER_URL,
  replaceProperty,
  shadow,
  text,
  waitFor,
  waitForPath,
} from './helpers';
import { Embedded } from './embedded';

const pb = (el: PatientEdPlayerElement) => el[CONTROLLER].state.playback;
const field = (el: Element, label: string) => {
  const l = [...shadow(el).querySelectorAll('.modal label')].find((x) => x.textContent === label);
  if (!l) throw new Error(`no field labelled ${label}`);
  return shadow(el).getElementById(l.getAttribute('for')!) as HTMLInputElement | HTMLTextAreaElement;
};
const button = (el: Element, name: string) =>
  [...shadow(el).querySelectorAll<HTMLElement>('.modal button, .modal a')].find((b) => b.textContent === name);

/** Replace navigator.clipboard for a test; returns what was written, and the restore. */
function fakeClipboard(fail = false) {
  const written: string[] = [];
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (t: string) =>
        fail ? Promise.reject(new DOMException('denied', 'NotAllowedError')) : void written.push(t),
    },
  });
  return {
    written,
    restore: () => {
      delete (navigator as unknown as Record<string, unknown>).clipboard;
      if (original) Object.defineProperty(Navigator.prototype, 'clipboard', original);
    },
  };
}

/** Decode the QR code drawn by the share dialog (rendered to a canvas, read with jsQR). */
async function decodeQr(svg: SVGSVGElement): Promise<string | undefined> {
  const source = new XMLSerializer().serializeToString(svg);
  const url = URL.createObjectURL(new Blob([source], { type: 'image/svg+xml' }));
  const img = new Image();
  img.src = url;
  await img.decode();
  const size = 400;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(img, 0, 0, size, size);
  URL.revokeObjectURL(url);
  return jsQR(ctx.getImageData(0, 0, size, size).data, size, size)?.data;
}

async function openShare(el: PatientEdPlayerElement) {
  (await findControl(el, 'share')).click();
  await waitFor(() => $(el, '.modal[data-modal-name="share"] [data-qr]'), 'share dialog');
}

describe('share link (pure)', () => {
  it('builds the page URL with namespaced parameters, replacing earlier ones', () => {
    const url = buildShareUrl('https://clinic.example/knee?x=1&ped-t=99#top', {
      client: 'demo',
      code: 'A_X',
      item: 2,
      time: 41.7,
      menuLanguage: 'es',
      voLanguage: 'en',
      ccLanguage: 'de',
    });
    const u = new URL(url);
    expect(u.origin + u.pathname + u.hash).to.equal('https://clinic.example/knee#top');
    expect(Object.fromEntries(u.searchParams)).to.deep.equal({
      x: '1',
      'ped-client': 'demo',
      'ped-code': 'A_X',
      'ped-item': '2',
      'ped-t': '41',
      'ped-lang': 'es',
      'ped-vo': 'en',
      'ped-cc': 'de',
    });
  });

  it('reads a link only for its client and ignores malformed values', () => {
    const q = (o: Record<string, string>) => `?${new URLSearchParams(o)}`;
    expect(readShareLink(q({ 'ped-client': 'demo', 'ped-code': 'A_X' }), 'riverside')).to.equal(undefined);
    expect(readShareLink(q({ 'ped-code': 'A_X' }), 'demo')).to.equal(undefined);
    expect(
      readShareLink(
        q({ 'ped-client': 'demo', 'ped-code': 'A_X', 'ped-item': '1', 'ped-t': '30', 'ped-lang': 'ar' }),
        'demo',
      ),
    ).to.deep.include({ code: 'A_X', item: 1, time: 30, menuLanguage: 'ar' });
    const bad = readShareLink(
      q({
        'ped-client': 'demo',
        'ped-code': 'A_X',
        'ped-item': '-1',
        'ped-t': '1e9',
        'ped-lang': 'xx',
        'ped-vo': '<b>',
      }),
      'demo',
    )!;
    expect([bad.code, bad.item, bad.time, bad.menuLanguage, bad.voLanguage]).to.deep.equal([
      'A_X',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const hostile = readShareLink(q({ 'ped-client': 'demo', 'ped-code': '../../x"><script>', 'ped-t': '5' }), 'demo')!;
    expect([hostile.code, hostile.time]).to.deep.equal([undefined, undefined]);
    expect(Object.values(SHARE_PARAMS).every((p) => p.startsWith('ped-'))).to.equal(true);
  });
});

describe('share dialog', () => {
  cleanPlayersAndFaults();
  let clipboard: ReturnType<typeof fakeClipboard> | undefined;
  afterEach(() => clipboard?.restore());

  it('shows a link to what plays (item, whole seconds, languages); Copy link copies it; Embed leads on', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', language: 'es' });
    await waitFor(() => pb(el).ready, 'ready');
    await el.seekToIndex(1);
    await waitFor(() => pb(el).index === 1 && pb(el).ready, 'second item');
    // Paused, so that the time is still 4.6 when the dialog reads it (a playing item reached 5 s first on a loaded
    // machine).
    await el.pauseVideo();
    await el.seekTo(4.6);
    await openShare(el);
    const link = field(el, 'Enlace para compartir');
    const url = new URL(link.value);
    expect(url.origin + url.pathname).to.equal(location.origin + location.pathname);
    expect(Object.fromEntries([...url.searchParams].filter(([k]) => k.startsWith('ped-')))).to.deep.equal({
      'ped-client': 'demo',
      'ped-code': 'A_DEMO_VIDEO',
      'ped-item': '1',
      'ped-t': '4',
      'ped-lang': 'es',
      'ped-vo': 'es',
      'ped-cc': 'es',
    });
    expect(link.readOnly).to.equal(true);
    clipboard = fakeClipboard();
    button(el, 'Copiar enlace')!.click();
    await waitFor(() => text(el, '.modal [role="status"]') === 'Copiado', 'copied, announced');
    expect(clipboard.written).to.deep.equal([link.value]);
    const email = button(el, 'Enviar enlace por correo') as HTMLAnchorElement;
    expect(email.href.startsWith('mailto:?')).to.equal(true);
    expect(new URLSearchParams(email.href.slice('mailto:?'.length)).get('body')).to.equal(link.value);
    await expect(el).shadowDom.to.be.accessible();
    button(el, 'Insertar')!.click();
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO/embed');
  });

  it('without the Clipboard API the link is selected for the keyboard, and the outcome announced', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await openShare(el);
    clipboard = fakeClipboard(true);
    button(el, 'Copy link')!.click();
    await waitFor(() => text(el, '.modal [role="status"]') !== '', 'an outcome');
    expect(['Copied', 'Select the text and copy it with your keyboard.']).to.include(
      text(el, '.modal [role="status"]'),
    );
    const link = field(el, 'Share link') as HTMLInputElement;
    expect([link.selectionStart, link.selectionEnd]).to.deep.equal([0, link.value.length]);
  });

  it('the QR code decodes to the share link', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await openShare(el);
    const svg = $<SVGSVGElement>(el, '.modal svg[data-qr]')!;
    expect(svg.getAttribute('role')).to.equal('img');
    expect(svg.getAttribute('aria-label')).to.equal('QR code');
    expect(await decodeQr(svg)).to.equal(field(el, 'Share link').value);
  });

  it('the share control follows shareButton; with dynamic sharing the system share sheet is offered', async () => {
    const off = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', social: '0' });
    await waitFor(() => $(off, '.controls [data-control="play"]'), 'controls');
    expect(await controlNames(off))
      .to.include('settings')
      .and.not.include('share');
    const shared: ShareData[] = [];
    const restore = replaceProperty(navigator, 'share', (d: ShareData = {}) => {
      shared.push(d);
      return Promise.resolve();
    });
    try {
      const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', 'dynamic-sharing': '1' });
      await openShare(el);
      button(el, 'Share…')!.click();
      await waitFor(() => shared.length === 1, 'navigator.share called');
      expect(shared[0].url).to.equal(field(el, 'Share link').value);
      expect(shared[0].title).to.equal(el.getCurrentPlaylist()!.label);
    } finally {
      restore();
    }
  });
});

describe('opening a share link', () => {
  cleanPlayersAndFaults();
  const pageUrl = location.href;
  afterEach(() => history.replaceState(null, '', pageUrl));

  it('in a second page: the matching player opens the playlist at the item, time and languages', async function () {
    this.timeout(30000);
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', language: 'es' });
    await waitFor(() => pb(el).ready, 'ready');
    await el.seekToIndex(2);
    await waitFor(() => pb(el).index === 2 && pb(el).ready, 'third item');
    await el.seekTo(3);
    await openShare(el);
    const link = new URL(field(el, 'Enlace para compartir').value);
    // The embed page of another origin, whose player was told to open something else.
    const query: Record<string, string> = {
      client: 'demo',
      code: 'A_KNEE_EXERCISES',
      'allowed-origins': location.origin,
    };
    for (const [k, v] of link.searchParams) if (k.startsWith('ped-')) query[k] = v;
    const embedded = new Embedded(query);
    try {
      await embedded.ready();
      const opened = async () => {
        const answer = await embedded.call('getCurrentPlaylist');
        return 'result' in answer && (answer.result as { code?: string } | null)?.code === 'A_DEMO_VIDEO';
      };
      await waitFor(opened, 'the shared playlist open', 10000);
      expect(await embedded.call('getCurrentPlaylistIndex')).to.deep.equal({ result: 2 });
      const time = await embedded.call('getCurrentTime');
      expect(Math.floor((time as { result: number }).result)).to.equal(3);
      expect(await embedded.call('getLanguage')).to.deep.equal({ result: 'es' });
    } finally {
      embedded.close();
    }
  });

  it("on a page with two players, only the link client's player follows it; malformed values are ignored", async () => {
    const view = {
      client: 'demo',
      code: 'A_DEMO_VIDEO',
      item: 1,
      time: 2,
      menuLanguage: 'de' as const,
      voLanguage: 'es' as const,
      ccLanguage: 'pt' as const,
    };
    history.replaceState(null, '', buildShareUrl(pageUrl, view));
    const demo = await mountPlayer({ client: 'demo', code: 'A_KNEE_EXERCISES' });
    const riverside = await mountPlayer({ client: 'riverside' });
    await waitForPath(demo, '/demo/player/A_DEMO_VIDEO');
    await waitFor(() => pb(demo).ready && pb(demo).index === 1, 'the shared item');
    expect(Math.floor(pb(demo).currentTime)).to.equal(2);
    expect([pb(demo).voLanguage, pb(demo).ccLanguage]).to.deep.equal(['es', 'pt']);
    await waitFor(() => $(demo, '.shell[lang="de"]'), 'German interface');
    expect(riverside.currentPath).to.equal('/riverside/menu');
    expect($(riverside, '.shell')!.getAttribute('lang')).to.equal('en');

    // A later code change wins over the link.
    demo.setAttribute('code', 'A_CATARACTS');
    await waitForPath(demo, '/demo/player/A_CATARACTS');

    history.replaceState(null, '', `${pageUrl.split('?')[0]}?ped-client=demo&ped-code=%3Cx%3E&ped-t=zz&ped-lang=xx`);
    const third = await mountPlayer({ client: 'demo', code: 'A_KNEE_EXERCISES' });
    await waitForPath(third, '/demo/player/A_KNEE_EXERCISES');
    expect($(third, '.shell')!.getAttribute('lang')).to.equal('en');
  });
});

describe('embed dialog', () => {
  cleanPlayersAndFaults();
  let clipboard: ReturnType<typeof fakeClipboard> | undefined;
  afterEach(() => clipboard?.restore());

  it('gives the element and iframe codes for this client, code and language; the element code works', async () => {
    // An embed page beside the script (relative to it); without embed-url, the build's embed.html is offered only
    // where it reaches this provider (test/embedding.test.ts).
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', language: 'pt', 'embed-url': 'embed.html' });
    el[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO/embed');
    await waitFor(() => $(el, '.modal[data-modal-name="embed"] textarea'), 'embed dialog');
    const code = field(el, 'Código de incorporação').value;
    const SCRIPT_URL = scriptUrl();
    const iframe = field(el, 'Código de incorporação com iframe').value;
    expect(code).to.equal(
      `<script type="module" src="${SCRIPT_URL}"></script>\n` +
        '<patient-ed-player client="demo" code="A_DEMO_VIDEO" language="pt" ' +
        `provider-url="${PROVIDER_URL}"></patient-ed-player>`,
    );
    const frame = new DOMParser().parseFromString(iframe, 'text/html').querySelector('iframe')!;
    const src = new URL(frame.getAttribute('src')!);
    expect(src.href.split('?')[0]).to.equal(new URL('embed.html', SCRIPT_URL).href);
    expect(Object.fromEntries(src.searchParams)).to.deep.equal({
      client: 'demo',
      code: 'A_DEMO_VIDEO',
      language: 'pt',
    });
    expect(frame.getAttribute('title')).to.not.equal('');
    clipboard = fakeClipboard();
    button(el, 'Copiar')!.click();
    await waitFor(() => clipboard!.written.length === 1, 'copied');
    expect(clipboard.written[0]).to.equal(code);
    await expect(el).shadowDom.to.be.accessible();

    // The element code, put on a page, opens the same playlist in the same language.
    const parsed = new DOMParser().parseFromString(code, 'text/html').querySelector('patient-ed-player')!;
    const attrs = Object.fromEntries([...parsed.attributes].map((a) => [a.name, a.value]));
    const copy = await mountPlayer(attrs);
    await waitForPath(copy, '/demo/player/A_DEMO_VIDEO');
    await waitFor(() => $(copy, '.shell[lang="pt"]'), 'Portuguese');
  });

  it('an embed-url that is not an http(s) page gives no iframe code, and the dialog still opens', async () => {
    for (const bad of ['javascript:alert(1)', 'http://[', 'data:text/html,x']) {
      const el = await mountPlayer({ client: 'demo', 'embed-url': bad });
      el[CONTROLLER].navigate('/demo/menu/embed');
      await waitFor(() => $(el, '.modal[data-modal-name="embed"] textarea'), `embed dialog with ${bad}`);
      const codes = [
        ...shadow(el).querySelectorAll<HTMLTextAreaElement>('.modal[data-modal-name="embed"] textarea'),
      ].map((t) => t.value);
      expect(codes.length, bad).to.equal(1);
      expect(codes[0]).to.not.include('javascript:');
      el.remove();
    }
  });

  it('an embed-url attribute names the iframe page', async () => {
    const el = await mountPlayer({ client: 'demo', 'embed-url': `${DEMO_URL}embed.html` });
    el[CONTROLLER].navigate('/demo/menu/embed');
    await waitFor(() => $(el, '.modal[data-modal-name="embed"] textarea'), 'embed dialog');
    const iframe = field(el, 'Iframe embed code').value;
    expect(iframe).to.contain(`src="${DEMO_URL}embed.html?client=demo&amp;language=en"`);
  });
});
