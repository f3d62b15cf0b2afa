import { subscribe } from 'valtio/vanilla';
import { CONTROLLER, type ControllerHost } from '../app/embed-options';
import { PLAYER_STATE } from '../core/player-states';
import { directionOf } from '../i18n/locales';
import { screenOutline } from './lazy-start';

/** What the shadow root shows of a player opened on a video until its interface has rendered its player screen. */
export interface EarlyPlayer {
  readonly mode: 'early';
  /** Whether its stage holds the video (the player screen will take it from there). */
  readonly holdsVideo: boolean;
  remove(): void;
  busy(value: boolean): void;
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * A player opened on a video, before its interface (React DOM and the player screen, held by the interface gate
 * until the media has its metadata: src/app/interface-gate.ts): the outline of the player screen (src/element/
 * lazy-start.ts) in plain DOM, whose stage takes the video as soon as its request has left, so that its first frame
 * shows without waiting for the interface; a spinner until the video is ready, then a Play button (the command layer's
 * `playVideo`, as the player screen's), unless the visitor has captions on: this outline draws none, so then the video
 * plays once the player screen is there (an autoplay or a host's `playVideo()` too: src/playback/engine.ts). It goes
 * in the task in which the player screen takes the video (the interface's shell stays hidden until then: styles.ts),
 * or when the first screen of another kind renders (`ready`).
 */
export function showEarlyPlayer(container: ShadowRoot | HTMLElement, host: ControllerHost, gone: () => void) {
  const controller = host[CONTROLLER];
  const { i18n } = controller;
  const shell = document.createElement('div');
  shell.className = 'shell early-player';
  const { box, body, stage: frame } = screenOutline(false);
  box.className = 'early-outline';
  frame.classList.add('early-frame');
  frame.setAttribute('role', 'region');
  const loading = document.createElement('div');
  loading.className = 'stage-loading';
  loading.setAttribute('role', 'status');
  const spinner = document.createElement('span');
  spinner.className = 'spinner';
  spinner.setAttribute('aria-hidden', 'true');
  const status = document.createElement('span');
  status.className = 'visually-hidden';
  loading.append(spinner, status);
  const play = document.createElement('button');
  play.type = 'button';
  play.className = 'big-play';
  play.dataset.control = 'early-play';
  play.hidden = true;
  const icon = document.createElementNS(SVG, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  icon.classList.add('icon');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', 'M8 5v14l11-7z');
  icon.append(path);
  play.append(icon);
  play.addEventListener('click', () => void controller.command('playVideo'));
  frame.append(loading, play);
  shell.append(box);

  const paint = () => {
    shell.lang = i18n.locale;
    shell.dir = directionOf(i18n.locale);
    frame.setAttribute('aria-label', i18n._({ id: 'player.stage', message: 'Video player' }));
    status.textContent = i18n._({ id: 'status.loading', message: 'Loading…' });
    play.setAttribute('aria-label', i18n._({ id: 'controls.play', message: 'Play' }));
  };
  paint();
  const offLocale = i18n.on('change', paint);
  const focusIn = () => {
    const active = (shell.getRootNode() as ShadowRoot | Document).activeElement;
    return Boolean(active && shell.contains(active));
  };
  // The spinner until the video is ready, then Play until it plays; with captions on, the spinner until the player
  // screen (the picture shows, the player is not usable yet).
  const sync = () => {
    // The visitor's contrast and motion choices, as the interface's shell has them (the theme: the controller's).
    const prefs = controller.preferences();
    shell.classList.toggle('increase-contrast', prefs.increaseContrast === 1);
    shell.classList.toggle('reduce-motion', prefs.reduceMotion === 1);
    // The player screen's "1 of n" line, once the playlist is known to have several items, so that the video's picture
    // is where the player screen will show it (the playlist is read long before the picture comes: the video's source
    // is asked for with its answer, and the media with the source's).
    body.classList.toggle('several-items', (controller.state.data.playlist.data?.items.length ?? 0) > 1);
    const pb = controller.state.playback;
    const playable = controller.earlyPlayable();
    loading.hidden = (pb.ready && playable) || Boolean(pb.error);
    const hide = !pb.ready || pb.playerState === PLAYER_STATE.PLAYING || !playable;
    // Play goes once it plays: the keyboard's focus stays in the player, on its stage, not lost to the page.
    if (hide && !play.hidden && focusIn()) {
      frame.tabIndex = -1;
      frame.focus();
    }
    play.hidden = hide;
  };
  sync();
  const offState = subscribe(controller.state, sync);
  container.append(shell);
  controller.setEarlyStage(frame);

  // The player screen took the video (its stage's ref, in React's commit): this outline goes before the next paint.
  const taken = new MutationObserver((records) => {
    if (records.some((r) => [...r.removedNodes].some((n) => (n as Element).classList?.contains('media-holder'))))
      remove();
  });
  taken.observe(frame, { childList: true });
  // Another first screen (a menu the host navigated to, a failure): it shows instead.
  const onReady = () => remove();
  host.addEventListener('ready', onReady);

  let removed = false;
  function remove() {
    if (removed) return;
    removed = true;
    const focused = focusIn();
    taken.disconnect();
    host.removeEventListener('ready', onReady);
    offLocale();
    offState();
    controller.setEarlyStage(undefined);
    shell.remove();
    // A keyboard visitor on Play goes on at the player screen's Play (its control bar lays out within a few frames).
    if (focused) focusPlay(host.shadowRoot ?? container);
    gone();
  }
  const early: EarlyPlayer = {
    mode: 'early',
    get holdsVideo() {
      return Boolean(frame.querySelector('.media-holder'));
    },
    remove,
    busy: () => undefined,
  };
  return early;
}

/** The player screen's Play gets the focus once it is there (within 30 frames), unless something else took it. */
function focusPlay(root: ShadowRoot | HTMLElement, frames = 30): void {
  const doc = root.getRootNode() as ShadowRoot | Document;
  const active = root instanceof ShadowRoot ? root.activeElement : doc.activeElement;
  if (active && active !== document.body) return;
  const play = root.querySelector<HTMLElement>('[data-control="big-play"], .control-row [data-control="play"]');
  if (play) play.focus();
  else if (frames > 0) requestAnimationFrame(() => focusPlay(root, frames - 1));
}
