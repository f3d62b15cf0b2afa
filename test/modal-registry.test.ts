import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { CONTROLLER } from '../src/app/embed-options';
import { lazyModule } from '../src/core/lazy-module';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { matchRoute, NAVIGATION_MODALS, PLAYER_MODALS, SHARED_MODALS } from '../src/routing/routes';
import { MODAL_NAMES, MODALS, type ModalBody, type ModalSpec } from '../src/screens/modal-registry';
import { FakeClock } from './fake-clock';
import { $, $$, cleanPlayersAndFaults, mountPlayer, nextTask, shadow, text, waitFor } from './helpers';

const pb = (el: PatientEdPlayerElement) => el[CONTROLLER].state.playback;

/** Swap a registry entry's body for the length of a test. */
function withBody(name: keyof typeof MODALS, body: ModalSpec['body']) {
  const entry = MODALS[name] as ModalSpec;
  const original = entry.body;
  entry.body = body;
  return () => {
    entry.body = original;
  };
}

describe('screen registry (pure)', () => {
  it('is where the route table takes its modal names from, scope by scope', () => {
    const scoped = (scope: string) => MODAL_NAMES.filter((n) => MODALS[n].scope === scope && !n.includes(':'));
    expect([...SHARED_MODALS]).to.deep.equal(scoped('shared'));
    expect([...PLAYER_MODALS].sort()).to.deep.equal([...scoped('player'), ...scoped('shared')].sort());
    expect([...NAVIGATION_MODALS].sort()).to.deep.equal([...scoped('menu'), ...scoped('shared')].sort());
    // Every declared name routes where its scope allows it, and nowhere else.
    for (const name of MODAL_NAMES.filter((n) => !n.includes(':'))) {
      const { scope } = MODALS[name];
      expect(matchRoute(`/demo/player/A_X/${name}`).modal, `${name} under the player`).to.equal(
        scope === 'menu' ? undefined : name,
      );
      expect(matchRoute(`/demo/menu/${name}`).modal, `${name} under the menu`).to.equal(
        scope === 'player' ? undefined : name,
      );
    }
    expect(matchRoute('/demo/player/A_X/chapters/2')).to.include({ modal: 'chapters/:chapter', chapter: '2' });
  });
});

describe('modal layer: dialogs, overlays and failures', () => {
  cleanPlayersAndFaults();
  const restore: (() => void)[] = [];
  afterEach(() => restore.splice(0).forEach((r) => r()));

  it('a dialog makes the stage inert; an overlay leaves it visible and live; no shortcuts under either', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await waitFor(() => pb(el).ready, 'item ready');
    el[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO/info');
    await waitFor(() => $(el, '.modal[data-modal-name="info"]'), 'info dialog');
    expect($(el, '.modal')!.getAttribute('aria-modal')).to.equal('true');
    expect($(el, '.screen-host')!.inert).to.equal(true);
    const hitOnStage = () => {
      $(el, '.stage')!.scrollIntoView({ block: 'end' });
      const r = $(el, '.stage')!.getBoundingClientRect();
      return shadow(el).elementFromPoint(r.left + 8, Math.min(r.bottom, innerHeight) - 8);
    };
    expect($(el, '.modal-layer')!.contains(hitOnStage()), 'a dialog covers the stage').to.equal(true);

    // The markup route is an overlay (the annotation surface covers the frame; the shell says markup mode).
    el[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO/markup');
    await waitFor(() => $(el, '.modal[data-modal-name="markup"]'), 'markup overlay');
    expect($(el, '.modal')!.getAttribute('aria-modal')).to.equal('false');
    expect($(el, '.shell')!.classList.contains('markup')).to.equal(true);
    // The transcript is an overlay beside the stage: the stage stays live and takes the pointer.
    el[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO/transcript');
    await waitFor(() => $(el, '.modal[data-modal-name="transcript"]'), 'transcript overlay');
    expect($(el, '.modal')!.getAttribute('aria-modal')).to.equal('false');
    expect($(el, '.screen-host')!.inert, 'the stage stays live').to.equal(false);
    expect($(el, '.shell')!.classList.contains('markup')).to.equal(false);
    expect($(el, '.shell')!.classList.contains('dialog-open'), 'an overlay leaves the player its size').to.equal(false);
    expect($(el, '.modal-layer')!.classList.contains('modal-layer-overlay')).to.equal(true);
    expect($(el, '.modal-layer')!.contains(hitOnStage()), 'pointer events reach the stage under an overlay').to.equal(
      false,
    );
    // Space on the stage would play: not while a modal route is shown.
    $(el, '.stage')!.dispatchEvent(
      new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true, composed: true }),
    );
    // Asking the media to play unpauses it at once: once the reactions to the key press have run, it would show.
    await nextTask();
    expect($<HTMLVideoElement>(el, 'video')!.paused, 'the media not asked to play').to.equal(true);
    expect(pb(el).playerState).to.equal(0);
    // Escape returns to the player.
    $(el, '.modal')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await waitFor(() => el.currentPath === '/demo/player/A_DEMO_VIDEO', 'back on the player');
    expect($(el, '.modal-layer')!.hidden).to.equal(true);
  });

  it('a dialog has room on a short menu: the player grows while it is open (in the viewport), then back', async () => {
    const el = await mountPlayer({ client: 'demo' });
    await waitFor(() => $(el, '.section-card'), 'the menu');
    const menuHeight = el.getBoundingClientRect().height;
    const fontSize = parseFloat(getComputedStyle($(el, '.shell')!).fontSize);
    const room = Math.min(30 * fontSize, 0.9 * innerHeight);
    expect(menuHeight, 'a short menu (the case this is for)').to.be.below(room);
    el[CONTROLLER].navigate('/demo/menu/settings');
    await waitFor(() => $(el, '.modal[data-modal-name="settings"] [data-settings]'), 'settings dialog');
    expect($(el, '.shell')!.classList.contains('dialog-open')).to.equal(true);
    expect($(el, '.screen-host')!.getBoundingClientRect().height).to.be.at.least(room - 1);
    expect(el.getBoundingClientRect().height).to.be.at.most(Math.max(menuHeight, innerHeight));
    // Most of the settings rows show at once (before, two did).
    const modal = $(el, '.modal')!.getBoundingClientRect();
    expect(
      $$(el, '.modal [data-settings]').filter((row) => row.getBoundingClientRect().bottom <= modal.bottom).length,
    ).to.be.at.least(5);
    // Closing gives the height back.
    el[CONTROLLER].navigate('/demo/menu');
    await waitFor(() => $(el, '.modal-layer')!.hidden, 'closed');
    expect($(el, '.shell')!.classList.contains('dialog-open')).to.equal(false);
    expect(Math.abs(el.getBoundingClientRect().height - menuHeight)).to.be.below(1);
    // A height the page sets keeps the box: the dialog fits inside it and scrolls, nothing is cut off below.
    el.style.height = '300px';
    try {
      el[CONTROLLER].navigate('/demo/menu/settings');
      await waitFor(() => $(el, '.modal[data-modal-name="settings"] [data-settings]'), 'settings dialog');
      const host = el.getBoundingClientRect();
      const dialog = $(el, '.modal')!;
      expect(host.height).to.equal(300);
      expect(dialog.getBoundingClientRect().bottom).to.be.at.most(host.bottom + 1);
      expect(dialog.scrollHeight).to.be.greaterThan(dialog.clientHeight);
      const last = $$(el, '.modal [data-settings]').at(-1)!;
      last.scrollIntoView({ block: 'nearest' });
      expect(last.getBoundingClientRect().bottom).to.be.at.most(host.bottom + 1);
    } finally {
      el.style.height = '';
    }
  });

  it("notices never cover a dialog's title and Close, nor the annotation toolbar: they go to the bottom", async () => {
    // Arabic is not a voice-over language of this playlist: a notice says English plays instead.
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO', language: 'ar' });
    await waitFor(() => pb(el).ready, 'item ready');
    const overlaps = (a: Element, b: Element) => {
      const r = a.getBoundingClientRect();
      const s = b.getBoundingClientRect();
      return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom;
    };
    for (const [route, covered] of [
      ['settings', '.modal-header'],
      ['markup', '.annotation-toolbar'],
    ] as const) {
      el[CONTROLLER].navigate(`/demo/player/A_DEMO_VIDEO/${route}`);
      await waitFor(() => $(el, covered), route);
      // A fresh notice (they go after a few seconds), measured while it is on screen.
      el[CONTROLLER].loadedPlayback()!.notify('info', 'voFallback');
      const notice = await waitFor(() => $$(el, '.notice').at(-1), 'a notice');
      const size = notice.getBoundingClientRect();
      expect(notice.isConnected && size.width > 0 && size.height > 0, 'the notice is shown').to.equal(true);
      expect(overlaps(notice, $(el, covered)!), `${route}: the notice is clear of ${covered}`).to.equal(false);
      el[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO');
      await waitFor(() => $(el, '.modal-layer')!.hidden, 'closed');
    }
    // Without a dialog they are at the top, as before.
    el[CONTROLLER].loadedPlayback()!.notify('info', 'voFallback');
    await waitFor(() => $(el, '.notice'), 'a notice');
    // (Several may be shown, one under the other: the first is at the top.)
    const notices = $(el, '.notices')!.getBoundingClientRect();
    expect(notices.height).to.be.greaterThan(0);
    expect(notices.top - el.getBoundingClientRect().top).to.be.below(30);
  });

  it('a body that throws shows a retry inside the dialog; the player keeps working', async () => {
    let fail = true;
    const Thrower: ModalBody = () => {
      if (fail) throw new Error('broken body');
      return createElement('p', { className: 'recovered' }, 'fine now');
    };
    restore.push(
      withBody(
        'note',
        lazyModule(() => Promise.resolve(Thrower)),
      ),
    );
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    await waitFor(() => pb(el).ready, 'item ready');
    el[CONTROLLER].navigate('/demo/player/A_DEMO_VIDEO/note');
    await waitFor(() => $(el, '.modal .load-failure'), 'failure inside the dialog');
    expect(text(el, '.modal .load-failure-message')).to.equal('This screen could not be shown. Please try again.');
    expect(text(el, '.modal-title')).to.equal('Note');
    expect($(el, '.stage'), 'the player is still there').to.exist;
    fail = false;
    $(el, '.modal .load-failure button')!.click();
    await waitFor(() => $(el, '.modal .recovered'), 'body after retry');
  });

  it('a body chunk that never arrives fails after the request time limit, with Try again and error event', async () => {
    // A stalled connection.
    let arrive: ((body: ModalBody) => void) | undefined;
    const Body: ModalBody = () => createElement('p', { className: 'loaded-body' }, 'loaded');
    restore.push(
      withBody(
        'settings',
        lazyModule(() => new Promise<ModalBody>((resolve) => (arrive = resolve))),
      ),
    );
    const clock = new FakeClock();
    const limit = 5000; // the request time limit this player is given
    const el = await mountPlayer({ client: 'demo', 'request-timeout': String(limit) }, { clock });
    const errors: unknown[] = [];
    el.addEventListener('error', (e) => errors.push(e.detail));
    el[CONTROLLER].navigate('/demo/menu/settings');
    await waitFor(() => arrive, 'the import under way');
    // The dialog is up, its body loading: the route's request for the body and the dialog's own both wait on the
    // player's clock.
    await waitFor(() => $(el, '.modal'), 'the dialog');
    await waitFor(() => clock.dueIn(limit) === 2, "the route's and the dialog's waits on the player's clock");
    clock.tick(limit - 1);
    expect(clock.dueIn(1), 'both still waiting just before the limit').to.equal(2);
    expect(Boolean($(el, '.modal .load-failure')), 'still loading just before the limit').to.equal(false);
    clock.tick(1);
    await waitFor(() => $(el, '.modal .load-failure'), 'the failure inside the dialog, at the limit');
    await waitFor(() => errors.length > 0, 'the error event');
    expect(errors).to.deep.equal([
      { code: 'screen', message: 'A screen of the player could not be shown', retryable: true },
    ]);
    // The chunk arrives late: Try again shows it (the import was never given up).
    arrive!(Body);
    $(el, '.modal .load-failure button')!.click();
    await waitFor(() => $(el, '.modal .loaded-body'), 'body after retry');
  });

  it('a body chunk that fails to load shows a retry that imports it again', async () => {
    let imports = 0;
    let failing = true;
    const Body: ModalBody = () => createElement('p', { className: 'loaded-body' }, 'loaded');
    restore.push(
      withBody(
        'settings',
        lazyModule(
          () => (
            ++imports,
            failing
              ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
              : Promise.resolve(Body)
          ),
        ),
      ),
    );
    const el = await mountPlayer({ client: 'demo' });
    const errors: unknown[] = [];
    el.addEventListener('error', (e) => errors.push(e.detail));
    el[CONTROLLER].navigate('/demo/menu/settings');
    await waitFor(() => $(el, '.modal .load-failure'), 'failure inside the dialog');
    expect($(el, '.menu-screen'), 'the menu is still there').to.exist;
    // The host page hears of it too (from the failure's effect, just after it shows).
    await waitFor(() => errors.length > 0, 'the error event');
    expect(errors).to.deep.equal([
      { code: 'screen', message: 'A screen of the player could not be shown', retryable: true },
    ]);
    const before = imports;
    failing = false;
    $(el, '.modal .load-failure button')!.click();
    await waitFor(() => $(el, '.modal .loaded-body'), 'body after retry');
    expect(imports, 'retry imported again').to.equal(before + 1);
  });
});
