import { expect } from '@open-wc/testing';
import { CONTROLLER } from '../src/app/embed-options';
import { isPlayerRoute, resolveNavigation } from '../src/routing/navigation';
import { matchRoute, NAVIGATION_MODALS, PLAYER_MODALS, redirectFor, SHARED_MODALS } from '../src/routing/routes';
import { $, clearStorage, mountPlayer, shadow, text, unmountAll, waitFor, waitForPath } from './helpers';

describe('route table (pure)', () => {
  it('matches every row of the route table', () => {
    expect(matchRoute('/')).to.deep.equal({ name: 'root' });
    expect(matchRoute('/error')).to.deep.equal({ name: 'error' });
    expect(matchRoute('/demo')).to.deep.equal({ name: 'client', client: 'demo' });
    expect(matchRoute('/demo/open')).to.deep.equal({ name: 'open', client: 'demo', code: undefined });
    expect(matchRoute('/demo/open/A_DEMO_VIDEO')).to.deep.equal({ name: 'open', client: 'demo', code: 'A_DEMO_VIDEO' });
    expect(matchRoute('/demo/menu')).to.include({ name: 'navigation', client: 'demo', code: undefined });
    expect(matchRoute('/demo/menu/C_KNEE')).to.include({ name: 'navigation', code: 'C_KNEE' });
    expect(matchRoute('/demo/player/A_DEMO_VIDEO')).to.include({ name: 'playlist', code: 'A_DEMO_VIDEO' });
    expect(matchRoute('/demo/player/C_KNEE/A_DEMO_VIDEO/')).to.include({
      name: 'collection-item',
      collection: 'C_KNEE',
      code: 'A_DEMO_VIDEO',
    });
    expect(matchRoute('/demo/nowhere/x')).to.include({ name: 'error', unknown: true });
  });

  it('matches modal children with their return routes: the parent modal, else the screen', () => {
    const parentOf = (modal: string) =>
      modal.startsWith('settings/captions/')
        ? 'settings/captions'
        : modal.startsWith('settings/')
          ? 'settings'
          : undefined;
    const back = (screen: string, modal: string) =>
      parentOf(modal) ? `${screen.replace(/\/$/, '')}/${parentOf(modal)}` : screen;
    for (const modal of NAVIGATION_MODALS) {
      expect(matchRoute(`/demo/menu/${modal}`), modal).to.include({
        name: 'navigation',
        modal,
        screenPath: '/demo/menu',
        returnPath: back('/demo/menu', modal),
      });
      expect(matchRoute(`/demo/menu/C_KNEE/${modal}`), modal).to.include({
        modal,
        code: 'C_KNEE',
        returnPath: back('/demo/menu/C_KNEE', modal),
      });
    }
    for (const modal of PLAYER_MODALS) {
      expect(matchRoute(`/demo/player/A_X/${modal}`), modal).to.include({
        name: 'playlist',
        modal,
        returnPath: back('/demo/player/A_X', modal),
      });
      expect(matchRoute(`/demo/player/C_K/A_X/${modal}`), modal).to.include({
        name: 'collection-item',
        modal,
        screenPath: '/demo/player/C_K/A_X/',
        returnPath: back('/demo/player/C_K/A_X/', modal),
      });
    }
    expect(matchRoute('/demo/menu/settings/captions/font-size').returnPath).to.equal('/demo/menu/settings/captions');
    expect(matchRoute('/demo/menu/settings/menu/language').returnPath).to.equal('/demo/menu/settings');
    expect(matchRoute('/demo/player/A_X/settings').returnPath).to.equal('/demo/player/A_X');
    expect(matchRoute('/demo/player/A_X/chapters/2')).to.include({
      modal: 'chapters/:chapter',
      chapter: '2',
      returnPath: '/demo/player/A_X',
    });
    expect(SHARED_MODALS).to.have.length(19);
    // Player-only modals are not navigation modals.
    expect(matchRoute('/demo/menu/C_KNEE/markup')).to.include({ name: 'error' });
  });

  it('redirects /, /{client} and open as the table says', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(redirectFor(matchRoute('/'), q(''))).to.equal('/error');
    expect(redirectFor(matchRoute('/'), q('client=demo'))).to.equal('/demo/open');
    expect(redirectFor(matchRoute('/'), q('client=demo&openthis=A_DEMO_VIDEO'))).to.equal('/demo/open/A_DEMO_VIDEO');
    expect(redirectFor(matchRoute('/demo'), q(''))).to.equal('/demo/menu');
    expect(redirectFor(matchRoute('/demo/open'), q(''))).to.equal('/demo/menu');
    for (const code of [
      'vm',
      'root',
      'collections',
      'presentations',
      'playlists',
      'L_ORTHO',
      'C_KNEE',
      'G_X',
      'XT_Y',
    ]) {
      expect(redirectFor(matchRoute(`/demo/open/${code}`), q('')), code).to.equal(`/demo/menu/${code}`);
    }
    expect(redirectFor(matchRoute('/demo/open/A_DEMO_VIDEO'), q(''))).to.equal('/demo/player/A_DEMO_VIDEO');
    expect(redirectFor(matchRoute('/demo/menu'), q(''))).to.equal(undefined);
  });

  it('knows the player routes: a playlist and a collection item, their modal children too', () => {
    const player = [
      '/demo/player/A_X',
      '/demo/player/C_K/A_X/',
      '/demo/player/A_X/settings',
      '/demo/player/C_K/A_X/markup',
    ];
    for (const path of player) expect(isPlayerRoute(matchRoute(path)), path).to.equal(true);
    for (const path of [
      '/',
      '/error',
      '/demo',
      '/demo/open/A_X',
      '/demo/menu',
      '/demo/menu/search',
      '/demo/nowhere/x',
    ]) {
      expect(isPlayerRoute(matchRoute(path)), path).to.equal(false);
    }
  });

  it('applies the navigation rules', () => {
    expect(resolveNavigation('/demo/menu', 'captions=0&lang=es')).to.equal('/demo/menu?captions=0&lang=es');
    expect(resolveNavigation('/demo/menu?lang=de', 'captions=0')).to.equal('/demo/menu?lang=de');
    expect(resolveNavigation('/demo/menu', 'search=knee&taxonomy=ortho&lang=es')).to.equal('/demo/menu?lang=es');
    expect(resolveNavigation('/demo/player/A_X', 'search=knee&taxonomy=ortho')).to.equal(
      '/demo/player/A_X?search=knee&taxonomy=ortho',
    );
    expect(resolveNavigation('/demo/player/C/A_X/', 'search=knee')).to.equal('/demo/player/C/A_X/?search=knee');
    expect(resolveNavigation('/demo/menu', '')).to.equal('/demo/menu');
  });
});

describe('routes in the element', () => {
  beforeEach(clearStorage);
  afterEach(unmountAll);

  it('without a client goes to /error and shows the client-error screen', async () => {
    const el = await mountPlayer({});
    expect(el.currentPath).to.equal('/error');
    expect(text(el, '.error-text')).to.equal('Client ID not found error');
  });

  it('/{client} redirects to the navigation screen', async () => {
    const el = await mountPlayer({ client: 'demo' });
    expect(el.currentPath).to.equal('/demo/menu');
    expect($(el, '[data-screen="navigation"]')).to.exist;
  });

  it('open with a menu code goes to navigation at that node; with a playlist code to the player', async () => {
    const a = await mountPlayer({ client: 'demo', code: 'L_ORTHO' });
    expect(a.currentPath).to.equal('/demo/menu/L_ORTHO');
    await waitFor(() => $(a, '[data-node="L_ORTHO"]'), 'L_ORTHO node');
    const b = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    expect(b.currentPath).to.equal('/demo/player/A_DEMO_VIDEO');
    expect($(b, '[data-screen="playlist"][data-code="A_DEMO_VIDEO"]')).to.exist;
  });

  it('the collection-item route plays the item and its menu action returns to the collection', async () => {
    const el = await mountPlayer({ client: 'demo' });
    el[CONTROLLER].navigate('/demo/player/C_FEATURED/A_DEMO_VIDEO/');
    await waitFor(() => $(el, '[data-screen="playlist"][data-code="A_DEMO_VIDEO"]'), 'collection item');
    $(el, '[data-action="menu"]')!.click();
    await waitForPath(el, '/demo/menu/C_FEATURED');
  });

  it('shows the modal layer only on modal routes; otherwise it is hidden and inert', async () => {
    const el = await mountPlayer({ client: 'demo' });
    const layer = () => $(el, '.modal-layer')!;
    await waitFor(() => $(el, '.menu-sections'), 'menu');
    expect(layer().hidden).to.equal(true);
    expect(layer().inert).to.equal(true);
    el[CONTROLLER].navigate('/demo/menu/settings/menu/language');
    await waitFor(() => !layer().hidden, 'modal layer shown');
    expect(layer().inert).to.equal(false);
    expect($(el, '.screen-host')!.inert).to.equal(true);
    const dialog = await waitFor(() => $(el, '[role="dialog"]'), 'dialog');
    expect(text(el, '.modal-title')).to.equal('Menu language');
    await waitFor(() => shadow(el).activeElement === dialog, 'focus on the dialog');
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    // Escape returns to the parent: the settings list, then the menu.
    await waitForPath(el, '/demo/menu/settings');
    expect(layer().hidden).to.equal(false);
    $(el, '[role="dialog"]')!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
    );
    await waitForPath(el, '/demo/menu');
    expect(layer().hidden).to.equal(true);
    expect(layer().inert).to.equal(true);
  });

  it('an unknown path shows the error screen rather than a blank one', async () => {
    const el = await mountPlayer({ client: 'demo' });
    el[CONTROLLER].navigate('/demo/bogus/path/x');
    await waitFor(() => $(el, '[data-screen="error"]'), 'error screen');
  });

  it('the navigation keeps the query of the previous route and never touches the page URL', async () => {
    const before = location.href;
    const historyLength = history.length;
    const el = await mountPlayer({ client: 'demo', captions: 'off' });
    const c = el[CONTROLLER];
    expect(c.search).to.contain('captions=off');
    c.navigate('/demo/menu/L_ORTHO');
    await waitForPath(el, '/demo/menu/L_ORTHO');
    expect(c.search).to.contain('captions=off');
    expect(location.href).to.equal(before);
    expect(history.length).to.equal(historyLength);
  });

  it('changing client or code later re-routes', async () => {
    const el = await mountPlayer({ client: 'demo' });
    el.setAttribute('code', 'A_DEMO_SLIDES');
    await waitForPath(el, '/demo/player/A_DEMO_SLIDES');
    el.removeAttribute('code');
    await waitForPath(el, '/demo/menu');
    el.setAttribute('client', 'riverside');
    await waitForPath(el, /^\/riverside\//);
    await waitFor(() => el[CONTROLLER].state.loadedClient === 'riverside', 'riverside loaded');
  });

  it('an unknown client shows the client-error screen with its exact texts and links', async () => {
    const el = await mountPlayer({ client: 'no-such-clinic' });
    await waitFor(() => $(el, '[data-screen="error"]'), 'error screen');
    expect(text(el, '.error-heading')).to.equal('PatientEd Error');
    expect(text(el, '.error-text')).to.equal('Client ID not found error');
    expect(text(el, '.error-info')).to.equal(
      'For further information on how to troubleshoot this error, please visit our support section or contact us',
    );
    const links = [...shadow(el).querySelectorAll<HTMLAnchorElement>('.error-info a')];
    expect(links.map((a) => a.textContent)).to.deep.equal(['visit our support section', 'contact us']);
    for (const a of links) expect(a.href).to.match(/^https:\/\//);
  });
});
