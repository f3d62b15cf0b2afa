import type { I18n } from '@lingui/core';
import { isMenuCode } from '../content/profile';
import { directionOf } from '../i18n/locales';
import { TAG_NAME } from '../core/tag-name';
import type { MediaPreload } from '../playback/early-video';

/**
 * `loading="lazy"`: the player makes no request until it comes within about one viewport of the visible area (the
 * IntersectionObserver's margin: 100% of the viewport's height above and below, and as much across). Meanwhile the
 * shadow root holds a neutral outline of the screen the player will show, at its size: for a playlist code the
 * player screen of a single video (the practice bar, the toolbar and title, the 16:9 stage, the control bar: within a
 * few pixels of the real screen at the default text size, so the page does not shift), else the bar and a 16:9 area.
 * A playlist of several items shows one line more on its player screen ("1 of 3: ..."), and its previous and next
 * buttons put its control bar on two rows below about 32em, which the outline cannot know of before the playlist's
 * request: such a player grows by them when it is ready (a library page's players are mostly single videos). So does
 * a long title or practice name that wraps in a narrow player. It is in the page's tab order: focusing it starts the
 * player at once, as does any action command.
 */
export const LAZY_ROOT_MARGIN = '100% 100%';

/** Whether the `loading` attribute asks for a lazy player (`lazy`, any case; anything else is eager). */
export const isLazy = (value: string | null): boolean => value?.trim().toLowerCase() === 'lazy';

/**
 * How much of its video a player loads before it is played, decided as it starts (and by the entry for its early
 * video): all of it (`auto`: it plays at once) when it is eager and the only player of its document, the one a visitor
 * came to watch; its metadata and first frame only (`metadata`) when it is lazy or the page has other players (a
 * library page: most are never played, and twelve eager players would otherwise download twelve whole videos). Played,
 * a video loads what it needs.
 */
export function mediaPreloadOf(element: Element): MediaPreload {
  const alone = element.ownerDocument.getElementsByTagName(TAG_NAME).length <= 1;
  return alone && !isLazy(element.getAttribute('loading')) ? 'auto' : 'metadata';
}

/**
 * The neutral outline of a screen, in plain DOM: the practice bar, then for the player screen its toolbar, title,
 * item line (shown with the class `several-items` on `body`: src/element/styles.ts), 16:9 stage and control bar (a
 * menu: a 16:9 area). `stage` is the stage's block.
 */
export function screenOutline(menu: boolean): { box: HTMLElement; body: HTMLElement; stage: HTMLElement } {
  const box = document.createElement('div');
  box.className = 'lazy-placeholder';
  const parts = menu ? ['bar', 'stage'] : ['bar', 'line', 'title', 'item', 'stage', 'controls'];
  const body = document.createElement('div');
  body.className = 'lazy-body';
  let stage!: HTMLElement;
  for (const part of parts) {
    const block = document.createElement('div');
    block.className = `lazy-${part}`;
    if (part === 'stage') stage = block;
    (part === 'bar' ? box : body).append(block);
  }
  box.append(body);
  return { box, body, stage };
}

/**
 * Show the placeholder and call `start` once the element is near the viewport or the placeholder gets the focus.
 * Returns what stops waiting (the placeholder goes, `start` is not called).
 */
export function waitUntilNear(host: HTMLElement, root: ShadowRoot, i18n: I18n, start: () => void): () => void {
  const shell = document.createElement('div');
  shell.className = 'shell';
  const { box } = screenOutline(isMenuCode(host.getAttribute('code')?.trim() || undefined));
  box.tabIndex = 0;
  box.setAttribute('role', 'region');
  const paint = () => {
    shell.lang = i18n.locale;
    shell.dir = directionOf(i18n.locale);
    box.setAttribute('aria-label', i18n._({ id: 'lazy.label', message: 'Patient education player' }));
  };
  paint();
  shell.append(box);
  root.append(shell);
  const offLocale = i18n.on('change', paint);
  let waiting = true;
  const stop = () => {
    if (!waiting) return;
    waiting = false;
    observer?.disconnect();
    box.removeEventListener('focus', onFocus);
    offLocale();
    shell.remove();
  };
  const go = () => {
    if (!waiting) return;
    holdHeight(host, root, shell.getBoundingClientRect().height);
    stop();
    start();
  };
  // A keyboard visitor who reached the box goes on inside the player once it has drawn its screen.
  const onFocus = () => {
    host.addEventListener('ready', () => requestAnimationFrame(() => firstFocusable(root)?.focus()), { once: true });
    go();
  };
  box.addEventListener('focus', onFocus);
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), {
          rootMargin: LAZY_ROOT_MARGIN,
        })
      : undefined;
  if (observer) observer.observe(host);
  else queueMicrotask(go); // no observer in this browser: eager
  return stop;
}

/**
 * While the player loads (the interface's spinner, the data), it keeps the outline's height as its minimum, so that
 * the players below do not move up meanwhile (and start, on a page of lazy players); from its `ready` or `error` on,
 * its screen decides.
 */
function holdHeight(host: HTMLElement, root: ShadowRoot, height: number): void {
  if (!(height > 0)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`:host { min-height: ${Math.round(height)}px; }`);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  const release = () => {
    host.removeEventListener('ready', release);
    host.removeEventListener('error', release);
    requestAnimationFrame(() => (root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet)));
  };
  host.addEventListener('ready', release);
  host.addEventListener('error', release);
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select, [tabindex]:not([tabindex="-1"])';

function firstFocusable(root: ShadowRoot): HTMLElement | null {
  return root.querySelector<HTMLElement>(FOCUSABLE);
}
