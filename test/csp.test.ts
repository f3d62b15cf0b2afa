import { expect } from '@open-wc/testing';
import { messages as ar } from '../locales/ar/messages';
import { messages as de } from '../locales/de/messages';
import { messages as en } from '../locales/en/messages';
import { messages as es } from '../locales/es/messages';
import { messages as pt } from '../locales/pt/messages';
import { DEMO_URL, flat } from './helpers';

const CATALOGS: Record<string, Record<string, unknown>> = { en, es, de, ar, pt };

interface CspReport {
  type: 'csp-report';
  ready: boolean;
  playing: boolean;
  captions: boolean;
  modal: boolean;
  search: boolean;
  annotation: boolean;
  violations: unknown[];
  errors: string[];
  items: number;
  styleAttributes: number;
  texts: string[];
  lang: string;
}

/** Open a demo page in an iframe and wait for the report it posts (`type`); the iframe goes away after. */
async function pageReport<T>(page: URL, type: string, timeout: number): Promise<T> {
  const iframe = document.createElement('iframe');
  iframe.src = page.href;
  iframe.width = '900';
  iframe.height = '700';
  const report = new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} from ${page.pathname}`)), timeout);
    window.addEventListener('message', function onMessage(e: MessageEvent<(T & { type?: string }) | null>) {
      if (e.source !== iframe.contentWindow || e.data?.type !== type) return;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(e.data);
    });
  });
  document.body.append(iframe);
  try {
    return await report;
  } finally {
    iframe.remove();
  }
}

describe('strict CSP host page (built dist, another origin)', () => {
  it('renders the menu, its search and a playing video with no violation, the script loaded twice', async function () {
    // The video with captions, a modal and annotation.
    this.timeout(40000);
    const r = await pageReport<CspReport>(new URL('csp.html', DEMO_URL), 'csp-report', 35000);
    expect(r.ready).to.equal(true);
    expect([r.playing, r.captions, r.modal, r.search, r.annotation]).to.deep.equal([true, true, true, true, true]);
    expect(r.violations).to.deep.equal([]);
    expect(r.errors).to.deep.equal([]);
    expect(r.items).to.be.greaterThan(0);
    expect(r.styleAttributes).to.equal(0);
    // The built entry's texts come from its catalogs (in the language the page's storage may hold).
    expect(r.texts).to.deep.equal(['notice.region', 'modal.settings'].map((id) => flat(CATALOGS[r.lang][id])));
  });

  it('plays a video, slides and a YouTube item under a strict nonce policy, with zero violations', async function () {
    // The policy: nonce-based, strict-dynamic, Trusted Types enforced.
    this.timeout(60000);
    const page = new URL('csp-nonce.html', DEMO_URL);
    // The YouTube item loads the local stand-in for YouTube's iframe API (from this origin: strict-dynamic lets the
    // player's script load it, and only through its Trusted Types policy).
    page.searchParams.set('yt', 'fake-youtube-iframe-api');
    const r = await pageReport<{
      played: Record<string, boolean>;
      trustedTypes: boolean;
      violations: unknown[];
      errors: string[];
      styleAttributes: number;
    }>(page, 'csp-nonce-report', 55000);
    expect(r.trustedTypes, 'the browser has Trusted Types (the page requires them)').to.equal(true);
    expect(r.played).to.deep.equal({ video: true, slides: true, youtube: true });
    expect(r.violations).to.deep.equal([]);
    expect(r.errors).to.deep.equal([]);
    expect(r.styleAttributes).to.equal(0);
  });

  it('serves the built module with CORS so another origin can load it', async () => {
    const res = await fetch(new URL('dist/patient-ed-player.js', DEMO_URL));
    expect(res.status).to.equal(200);
    // A cross-origin fetch in cors mode only succeeds when the server sent Access-Control-Allow-Origin.
    expect(res.type).to.equal('cors');
    expect(res.headers.get('content-type')).to.match(/javascript/);
    // The host page's history is never written: the built entry has no pushState / replaceState at all.
    expect(/pushState|replaceState/.test(await res.text())).to.equal(false);
    const url = new URL('dist/patient-ed-player.js', DEMO_URL).href;
    const mod = (await import(/* @vite-ignore */ url)) as { TAG_NAME: string };
    expect(mod.TAG_NAME).to.equal('patient-ed-player');
  });
});
