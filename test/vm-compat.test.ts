import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { HOST_COMMANDS } from '../src/commands/table';
import { LANGUAGE_QUERY_KEYS, QUERY_ALIASES } from '../src/preferences/query';
import { controlNames, DEMO_URL, problemWatcher, PROVIDER_URL, waitFor } from './helpers';

/**
 * The drop-in for the classic ViewMedica embed (dist/patient-ed-player.vm.js, src/loader/vm-compat.ts), built: the
 * plugin's page (demo/gallery/vm-plugin.html) as the demo server sends it, under its policy, and the same page and
 * smaller ones written into iframes of this origin, whose globals and DOM the tests read.
 */

const VM_SCRIPT = `${PROVIDER_URL}dist/patient-ed-player.vm.js`;
const vmScript = (query = '?ver=1.0') => `<script src="${VM_SCRIPT}${query}"></script>`;
/** The snippets' globals, cleared after each vm_open(). */
const GLOBALS = ['client', 'openthis', 'width', 'secure', 'brochures', 'lang', 'captions', 'social'];

type Handle = Record<string, (...args: unknown[]) => unknown> & { element: Element };
type Player = HTMLElement & { currentPath: string; getPlayerState(): number };
type Watched = Window &
  Record<string, unknown> & {
    __problems: string[];
    customElements: CustomElementRegistry;
    _vm?: Handle;
    vm_open?: (options?: unknown) => void;
  };

const frames: HTMLIFrameElement[] = [];
afterEach(() => {
  for (const f of frames.splice(0)) f.remove();
});

function frame(width = 860, height = 660): HTMLIFrameElement {
  const f = document.createElement('iframe');
  Object.assign(f.style, { position: 'fixed', top: '0', left: '0', width: `${width}px`, height: `${height}px` });
  Object.assign(f.style, { border: '0', background: '#fff' });
  frames.push(f);
  return f;
}

/** A page of this origin from `html` (a whole document), its problems recorded from its first script on. */
async function page(html: string, width?: number): Promise<{ win: Watched; doc: Document }> {
  const watch = problemWatcher();
  const f = frame(width);
  f.srcdoc = html.includes('<head>') ? html.replace('<head>', `<head>${watch}`) : `${watch}${html}`;
  const loaded = new Promise((resolve) => f.addEventListener('load', resolve, { once: true }));
  document.body.append(f);
  await loaded;
  return { win: f.contentWindow as Watched, doc: f.contentDocument! };
}

const defined = (win: Watched) => waitFor(() => win.customElements.get('patient-ed-player'), 'the definition', 15000);
const shown = (el: Element) =>
  waitFor(() => el.shadowRoot?.querySelector('.shell'), `the first screen of ${el.parentElement?.id}`, 15000);
const attributes = (el: Element) => Object.fromEntries([...el.attributes].map((a) => [a.name, a.value]));
/** The entry files the page fetched (the core is in the entry: a second URL of it would be a second copy). */
const entries = (win: Window) =>
  win.performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((n) => /\/patient-ed-player\.js(\?|$)/.test(n));

describe('the ViewMedica drop-in: the plugin page as served (demo/gallery/vm-plugin.html)', function () {
  this.timeout(60000);

  interface Box {
    left: number;
    top: number;
    width: number;
    height: number;
  }
  interface Snapshot {
    defined: boolean;
    player: Box | null;
    shell: { lang: string; route: string } | null;
    video: { readyState: number } | null;
  }
  let asked = 0;
  /** A question to the page's watcher (demo/gallery-report.js), as test/gallery.test.ts asks it. */
  const ask = <T>(f: HTMLIFrameElement, op: string, args: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = ++asked;
      const timer = setTimeout(() => reject(new Error(`no answer to ${op}`)), 30000);
      const onMessage = (e: MessageEvent<{ type?: string; id?: number; value?: unknown; error?: string } | null>) => {
        if (e.source !== f.contentWindow || e.data?.type !== 'gallery-answer' || e.data.id !== id) return;
        clearTimeout(timer);
        window.removeEventListener('message', onMessage);
        if ('error' in e.data) reject(new Error(`${op}: ${e.data.error}`));
        else resolve(e.data.value as T);
      };
      window.addEventListener('message', onMessage);
      f.contentWindow!.postMessage({ type: 'gallery-ask', id, op, args }, '*');
    });
  const snapshotUntil = async (f: HTMLIFrameElement, player: string, check: (s: Snapshot) => boolean, what: string) => {
    let last: Snapshot | undefined;
    try {
      return await waitFor(
        async () => {
          last = await ask<Snapshot>(f, 'snapshot', { player });
          return check(last) && last;
        },
        what,
        15000,
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}: ${JSON.stringify(last)}`);
    }
  };

  it('both players render with their options in their containers; a link opens its code in the last one', async () => {
    const f = frame();
    f.src = new URL('gallery/vm-plugin.html?clean', DEMO_URL).href;
    const loaded = new Promise((resolve) => f.addEventListener('load', resolve, { once: true }));
    document.body.append(f);
    await loaded;

    const first = await snapshotUntil(
      f,
      '#vm patient-ed-player',
      (s) => s.defined && s.shell?.lang === 'es' && s.shell.route === 'navigation',
      'the menu player, in Spanish',
    );
    const last = await snapshotUntil(
      f,
      '#A_DEMO_VIDEO patient-ed-player',
      (s) => s.shell?.lang === 'es' && s.shell.route === 'playlist' && (s.video?.readyState ?? 0) >= 1,
      'the video player, in Spanish, with its video',
    );
    // `width`: 560 px for the second; the first's 640 px is the theme's content column.
    expect(last.player!.width).to.be.closeTo(560, 1);
    expect(first.player!.width).to.be.closeTo(640, 1);

    // A real click on the plugin's link: its listener calls _vm.navigate('C_KNEE'), the last player's menu.
    // Scrolled into view, where it stays (the players above it have their height), inside the frame: a click
    // elsewhere would reach this page.
    let seen = '';
    const link = await waitFor(async () => {
      const box = await ask<Box>(f, 'rect', { selector: '.vm-link[data-video="C_KNEE"]' });
      const same = JSON.stringify(box) === seen;
      seen = JSON.stringify(box);
      return same && box.top >= 0 && box.top + box.height <= f.clientHeight && box;
    }, `the link in place (${seen})`);
    const r = f.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(r.left + link.left + link.width / 2), Math.round(r.top + link.top + link.height / 2)],
    });
    await snapshotUntil(f, '#A_DEMO_VIDEO patient-ed-player', (s) => s.shell?.route === 'navigation', 'its menu');

    const report = await ask<{ problems: string[]; warnings: string[]; violations: unknown[]; resources: string[] }>(
      f,
      'report',
    );
    expect(report.problems, 'errors, rejections, console errors, failed resources').to.deep.equal([]);
    expect(report.warnings, 'console warnings').to.deep.equal([]);
    expect(report.violations, 'CSP violations').to.deep.equal([]);
    // The module beside the drop-in, with its query, and no other URL of it (one copy of the core; the players run: it
    // was loaded). WebKit lists no resource timing for a script it takes from its memory cache (an earlier page of the
    // run loaded it): there what it does not list cannot be read; the other engines list every one.
    const entries = report.resources.filter((name) => /\/patient-ed-player\.js(\?|$)/.test(name));
    expect(new Set(entries).size, entries.join()).to.be.at.most(1);
    if (entries.length) expect(entries).to.include(`${PROVIDER_URL}dist/patient-ed-player.js?ver=1.0`);
  });
});

describe('the ViewMedica drop-in: vm_open() and _vm', function () {
  this.timeout(40000);

  it('the plugin page: attributes from the globals, cleared after each snippet; _vm the last player', async () => {
    // The page as the demo server sends it, here without its policy (this origin is not its 'self') and with its own
    // files' URLs made whole (a <base> would make the links' href="#" another page).
    const gallery = new URL('gallery/', DEMO_URL).href;
    const html = (await (await fetch(`${gallery}vm-plugin.html`)).text())
      .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
      .replace('<script src="/gallery-report.js"></script>', '')
      .replace(/(href|src)='(vm-links\.js|wordpress-theme\.css)/g, `$1='${gallery}$2`)
      .replace(/(href|src)="(vm-links\.js|wordpress-theme\.css)/g, `$1="${gallery}$2`);
    const { win, doc } = await page(html);
    const [first, last] = doc.querySelectorAll<Player>('patient-ed-player');
    expect(first.closest('#vm'), 'in #vm').to.not.equal(null);
    expect(last.closest('#A_DEMO_VIDEO'), 'in the openthis element').to.not.equal(null);
    expect(attributes(first)).to.deep.equal({
      client: 'demo',
      brochures: 'false',
      captions: 'false',
      lang: 'es',
    });
    // The first snippet's `captions` is not the second's.
    expect(attributes(last)).to.deep.equal({
      client: 'demo',
      code: 'A_DEMO_VIDEO',
      brochures: 'false',
      lang: 'es',
      social: 'false',
    });
    for (const name of GLOBALS) expect(win[name], name).to.equal(undefined);
    expect(win._vm!.element).to.equal(last);
    // The element's command methods (src/loader/vm-compat.ts METHODS names them: add a new one there).
    expect(Object.keys(win._vm!).sort()).to.deep.equal(['element', ...HOST_COMMANDS].sort());

    await defined(win);
    await shown(first);
    await waitFor(
      () => last.shadowRoot?.querySelector<HTMLVideoElement>('.player-screen video.media')?.readyState,
      'its video on the player screen',
      15000,
    );
    // Options applied: `social=false` took the share button away; the captions button stayed. It shows once the
    // item's captions file has loaded, which may come after the video's metadata.
    const captionsLoaded = () =>
      (last as unknown as Record<symbol, { state: { playback: { hasCaptions: boolean } } }>)[
        Symbol.for('patient-ed-player.controller')
      ]?.state.playback.hasCaptions;
    await waitFor(captionsLoaded, 'its captions', 15000);
    const controls = await controlNames(last);
    expect(controls).to.include('captions');
    expect(controls).to.not.include('share');

    // The link's href="#" is the test page's URL in this copy (the fallback base of a srcdoc page): not followed.
    doc.addEventListener('click', (e) => e.preventDefault());
    (doc.querySelector('.vm-link[data-video="A_KNEE_REPLACEMENT"]') as HTMLElement).click();
    await waitFor(() => last.currentPath.endsWith('/A_KNEE_REPLACEMENT'), 'the link in the last player');
    expect(first.currentPath).to.not.include('A_KNEE_REPLACEMENT');
    // One URL of the entry at most (WebKit lists none it took from its memory cache).
    expect(new Set(entries(win)).size, entries(win).join()).to.be.at.most(1);
    expect(win.__problems).to.deep.equal([]);
  });

  it("vm_open({...}) (the plugin's later form), two #vm snippets, width, declared and element globals", async () => {
    const { win, doc } = await page(
      [
        vmScript(),
        '<div id="search"></div>',
        '<div id="vm"></div><script>vm_open({client: "demo", openthis: "vm", width: 300, lang: "de"});</script>',
        '<script>var sections = "false"; client = "demo"; width = "50%"; audio = 0;</script>',
        '<div id="vm"></div><script>vm_open();</script>',
        '<div id="vm"></div><script>client = "demo"; vm_open();</script>',
      ].join(''),
    );
    const [a, b, c] = [...doc.querySelectorAll('#vm')].map((box) => box.querySelector('patient-ed-player')!);
    // `search` is a page element's id (window.search), not an option.
    expect(attributes(a)).to.deep.equal({ client: 'demo', lang: 'de' });
    expect(attributes(b)).to.deep.equal({ client: 'demo', sections: 'false', audio: '0' });
    expect(attributes(c)).to.deep.equal({ client: 'demo' });
    // A declared global cannot be deleted: it was emptied.
    expect(Object.hasOwn(win, 'sections') && win.sections).to.equal(undefined);
    expect(Object.hasOwn(win, 'width')).to.equal(false);
    expect(win._vm!.element).to.equal(c);
    await defined(win);
    await Promise.all([a, b, c].map(shown));
    expect(a.getBoundingClientRect().width).to.be.closeTo(300, 1);
    expect(b.getBoundingClientRect().width).to.be.closeTo(doc.body.clientWidth / 2, 1);
    expect(c.getBoundingClientRect().width).to.be.closeTo(doc.body.clientWidth, 1);
    for (const el of [a, b, c]) {
      expect(el.hasAttribute('style'), 'no style attribute').to.equal(false);
      expect(el.parentElement!.hasAttribute('style'), 'no style attribute').to.equal(false);
    }
    expect(win.__problems).to.deep.equal([]);
  });

  it('every query alias and language name of the spec is read from its global', async () => {
    const names = [...Object.keys(QUERY_ALIASES), ...LANGUAGE_QUERY_KEYS];
    const globals = names.map((n) => `${n} = "${n.startsWith('lang') ? 'es' : '0'}";`).join(' ');
    const { doc } = await page(`${vmScript()}<div id="vm"></div><script>${globals} vm_open();</script>`);
    const el = doc.querySelector('patient-ed-player')!;
    expect(Object.keys(attributes(el)).sort()).to.deep.equal([...names].sort());
  });

  it('_vm calls made before the module has loaded wait for the first screen; later ones answer at once', async () => {
    const { win, doc } = await page(
      `${vmScript()}<div id="vm"></div><script>
        client = "demo"; vm_open();
        window.early = { defined: !!customElements.get('patient-ed-player'), navigate: _vm.navigate('A_DEMO_VIDEO'),
          state: _vm.getPlayerState() };
      </script>`,
    );
    const early = win.early as { defined: boolean; navigate: Promise<boolean>; state: Promise<number> };
    expect(early.defined, 'not defined yet').to.equal(false);
    // An error of the page's realm is reported as its text.
    const settled = (p: Promise<unknown>) => p.catch((error: unknown) => `rejected: ${String(error)}`);
    expect(await settled(early.navigate)).to.equal(true);
    expect(await settled(early.state)).to.be.a('number');
    const el = doc.querySelector<Player>('patient-ed-player')!;
    await waitFor(() => el.currentPath.endsWith('/A_DEMO_VIDEO'), 'the queued navigate');
    const state = win._vm!.getPlayerState();
    expect(typeof state, 'a getter of a ready player answers at once').to.equal('number');
    expect(state).to.equal(el.getPlayerState());
    expect(win.__problems).to.deep.equal([]);
  });

  it("a page's own vm_open is kept (the module still loads)", async () => {
    const { win, doc } = await page(
      `<script>window.calls = 0; function vm_open() { calls++; }</script>${vmScript()}` +
        '<div id="vm"></div><script>client = "demo"; vm_open();</script>',
    );
    expect(win.calls).to.equal(1);
    expect(doc.querySelector('patient-ed-player')).to.equal(null);
    expect('_vm' in win).to.equal(false);
    await defined(win);
    expect(win.__problems).to.deep.equal([]);
  });

  it('the module build and the classic loader define no vm_open or _vm', async () => {
    for (const script of [
      `<script type="module" src="${PROVIDER_URL}dist/patient-ed-player.js"></script>`,
      `<script src="${PROVIDER_URL}dist/patient-ed-player.loader.js"></script>`,
    ]) {
      const { win, doc } = await page(`${script}<patient-ed-player client="demo"></patient-ed-player>`);
      await defined(win);
      await shown(doc.querySelector('patient-ed-player')!);
      expect('vm_open' in win, script).to.equal(false);
      expect('_vm' in win, script).to.equal(false);
    }
  });
});
