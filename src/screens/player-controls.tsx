import { memo, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { useSnapshot } from 'valtio';
import { usePlayer } from '../app/context';
import { PLAYER_STATE, TIMING } from '../playback/timing';
import type { Preferences } from '../preferences/defaults';
import { matchRoute, paths } from '../routing/routes';
import { playlistNotes } from '../content/playlist';
import { useLocation } from 'wouter';
import { Icon, type IconName } from '../ui/icons';
import { layoutControlRow, sameLayout, type ControlRowLayout } from './control-layout';
import { countRender } from '../app/render-count';
import type { CommandName } from '../commands/table';

export const formatTime = (seconds: number) => {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
};

/**
 * The seek bar and the time readout are the only parts that follow the time: they subscribe to the
 * playback state alone, so the rest of the control bar does not re-render 25 times a second.
 */
/** The seek slider's keys: seconds to move (the shortcuts' steps; up is forward, as on any slider). */
const SEEK_KEYS: Record<string, number> = {
  ArrowLeft: -TIMING.seekStepS,
  ArrowDown: -TIMING.seekStepS,
  ArrowRight: TIMING.seekStepS,
  ArrowUp: TIMING.seekStepS,
  PageDown: -TIMING.seekLongStepS,
  PageUp: TIMING.seekLongStepS,
};

function SeekBar({ onSeek }: { onSeek: (seconds: number) => void }) {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  const { currentTime, duration, ready } = useSnapshot(controller.state.playback);
  // Arrow keys step as the player's shortcuts do (5 s; Page Up / Down 10 s), not the slider's 0.1 s.
  const onKeyDown = (event: React.KeyboardEvent) => {
    const step = SEEK_KEYS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    if (ready) void controller.command('seekBy', step);
  };
  // Not `disabled` while an item loads: a disabled control drops the keyboard's focus (to the page's body when the
  // next item of a playlist starts). Media time runs left to right in every language (the slider is `dir="ltr"`).
  return (
    <input
      className="seek"
      type="range"
      dir="ltr"
      min={0}
      max={Math.max(duration, 0.001)}
      step={0.1}
      value={Math.min(currentTime, duration || 0)}
      aria-disabled={!ready || undefined}
      aria-label={i18n._({ id: 'controls.seek', message: 'Seek' })}
      aria-valuetext={i18n._({ id: 'controls.seekValue', message: '{current} of {total}', values: { current: formatTime(currentTime), total: formatTime(duration) } })}
      onChange={(e) => ready && onSeek(Number(e.currentTarget.value))}
      onKeyDown={onKeyDown}
    />
  );
}

function TimeReadout() {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  const { currentTime, duration } = useSnapshot(controller.state.playback);
  return (
    <span className="time" data-control="time" dir="ltr">
      <span className="visually-hidden">{i18n._({ id: 'controls.time', message: 'Time' })}</span>
      {formatTime(currentTime)} / {formatTime(duration)}
    </span>
  );
}

interface ControlsProps {
  prefs: Preferences;
  basePath: string;
  onMenu: () => void;
}

/** A control that may give way to the More menu: a button in the row, or an item of the menu. */
interface OptionalControl {
  name: string;
  label: string;
  icon: IconName;
  /** A switch (aria-pressed in the row, aria-checked in the menu); undefined for an action. */
  pressed?: boolean;
  run: () => void;
}

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemcheckbox"]';

/**
 * "More options": a menu button (WAI-ARIA menu button pattern) holding the optional controls that do not fit.
 * Arrow keys move through the items, Home / End jump, Escape closes and returns to the button, Tab closes;
 * a press outside closes it. While it is open the control bar stays shown. Choosing an item puts the focus
 * back on the button first, so a dialog it opens returns there when it closes.
 */
function MoreMenu({ items, first, onOpenChange }: { items: OptionalControl[]; first: number; onOpenChange: (open: boolean) => void }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const id = useId();
  const label = i18n._({ id: 'controls.more', message: 'More options' });
  const menuItems = () => [...(menu.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];

  // The hold is released however the menu goes: closed, or unmounted while open (More no longer needed).
  // A layout effect: the bar's hold ends with the commit that removes the menu, not a task later (a hide timer
  // running meanwhile would otherwise still see it held).
  useLayoutEffect(() => {
    onOpenChange(open);
    return () => void (open && onOpenChange(false));
  }, [open, onOpenChange]);
  useLayoutEffect(() => {
    const list = menuItems();
    const host = (wrapper.current?.getRootNode() as ShadowRoot | undefined)?.host;
    if (!open || !menu.current || !button.current || !host) return;
    // The player clips what leaves its box (paint containment): the menu is at most as tall as the room above More.
    const at = button.current.getBoundingClientRect();
    const box = host.getBoundingClientRect();
    // Drawn sizes, set as CSS (layout) pixels: divided by the page's scale, if it transforms the player.
    const scale = drawnScale(host as HTMLElement);
    const room = (at.top - box.top) / scale - 8;
    menu.current.style.setProperty('--ped-menu-room', `${Math.max(96, Math.floor(room))}px`);
    // And as wide as the room from More's end to the player's other side (a narrow player, large text: it ran off
    // the player's start, cutting its labels).
    const rtl = getComputedStyle(button.current).direction === 'rtl';
    const across = (rtl ? box.right - at.left : at.right - box.left) / scale;
    menu.current.style.setProperty('--ped-menu-width-room', `${Math.max(96, Math.floor(across - 4))}px`);
    (focusOnOpen.current === 'last' ? list.at(-1) : list[0])?.focus();
  }, [open]);
  useEffect(() => {
    const doc = wrapper.current?.ownerDocument;
    if (!open || !doc) return;
    const onPointerDown = (event: PointerEvent) => {
      if (wrapper.current && !event.composedPath().includes(wrapper.current)) setOpen(false);
    };
    doc.addEventListener('pointerdown', onPointerDown, true);
    return () => doc.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);

  const openWith = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };
  const onButtonKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    event.stopPropagation(); // not the player's volume shortcut
    openWith(event.key === 'ArrowUp' ? 'last' : 'first');
  };
  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    // Keys inside the menu are the menu's: none reaches the player's shortcuts.
    event.stopPropagation();
    const list = menuItems();
    const at = list.indexOf(event.target as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'Tab') {
      // Tab goes on from More (to the next control, or back before More with Shift), as it would without the menu.
      button.current?.focus();
      setOpen(false);
    }
  };
  const onBlur = (event: React.FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !wrapper.current?.contains(next)) setOpen(false);
  };

  return (
    <div className="more" ref={wrapper} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="control"
        data-control="more"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={label}
        onClick={() => (open ? setOpen(false) : openWith('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <Icon name="more" />
      </button>
      {open && (
        <div className="more-menu" role="menu" id={id} ref={menu} aria-label={label} onKeyDown={onMenuKeyDown}>
          {items.map((item, i) => (
            <button
              key={item.name}
              data-optional={first + i}
              type="button"
              className="more-item"
              role={item.pressed === undefined ? 'menuitem' : 'menuitemcheckbox'}
              aria-checked={item.pressed}
              tabIndex={-1}
              data-control={item.name}
              onClick={() => {
                setOpen(false);
                button.current?.focus();
                item.run();
              }}
            >
              <Icon name={item.icon} />
              <span>{item.label}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

const ONE_ROW: ControlRowLayout = { inline: Number.MAX_SAFE_INTEGER, hideVolume: false, wrapped: false };

/**
 * How much larger than its layout size `el` is drawn: a page may scale the player with a CSS transform (a page
 * builder's zoom), and bounding boxes are drawn sizes while gaps and computed widths are layout sizes.
 */
export function drawnScale(el: HTMLElement): number {
  const drawn = el.getBoundingClientRect().width;
  return el.offsetWidth > 0 && drawn > 0 ? drawn / el.offsetWidth : 1;
}

/** Sum of the layout widths of some elements (drawn at `scale`), with the row's gap between each two. */
function span(elements: Iterable<Element>, gap: number, scale: number): number {
  let total = 0;
  let n = 0;
  for (const el of elements) {
    total += el.getBoundingClientRect().width / scale;
    n++;
  }
  return n ? total + gap * (n - 1) : 0;
}

/**
 * Fits the control bar to its width (the rule is src/screens/control-layout.ts): measured after every
 * render of the bar and whenever the row or the time readout changes size.
 */
function useControlRowLayout(count: number) {
  const row = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<ControlRowLayout>(ONE_ROW);
  const shown = useRef(layout);
  /** The layout last set (shown, or about to be). */
  const latest = useRef(layout);
  const refocus = useRef<string | null>(null);
  const measure = useCallback(() => {
    const el = row.current;
    const play = el?.querySelector('[data-control="play"]');
    const volume = el?.querySelector('.volume');
    if (!el || !play || !volume) return;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    const slider = getComputedStyle(volume); // its width even while hidden, and a range input's margins
    // Everything in layout pixels: drawn sizes divided by the page's scale, if it transforms the player.
    const scale = drawnScale(el);
    const next = layoutControlRow({
      // A pixel kept free: widths are fractional, and a row that fits by a hair may still wrap.
      available: el.getBoundingClientRect().width / scale - 1,
      gap,
      start: span(el.querySelectorAll('[data-group="start"] > *'), gap, scale),
      // The spacer has no width in one row (it grows only on a row of its own) but a gap of its own.
      pinned: span(el.querySelectorAll('[data-pinned]'), gap, scale) + gap,
      volume: (parseFloat(slider.width) || 0) + (parseFloat(slider.marginLeft) || 0) + (parseFloat(slider.marginRight) || 0),
      slot: play.getBoundingClientRect().width / scale + gap,
      count,
    });
    // A focused control about to move keeps the focus where it went: into the menu -> on More; out of the menu ->
    // on its button in the row; More going away -> on the first control that came out.
    const focused = (el.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement | null;
    if (focused && el.contains(focused) && !sameLayout(shown.current, next)) {
      const index = focused.dataset.optional === undefined ? undefined : Number(focused.dataset.optional);
      const inMenu = focused.classList.contains('more-item');
      const inRow = (i: number) => `[data-group="end"] > [data-optional="${Math.min(i, count - 1)}"]`;
      if (index !== undefined && !inMenu && index >= next.inline) refocus.current = '[data-control="more"]';
      else if (index !== undefined && inMenu && index < next.inline) refocus.current = inRow(index);
      else if (focused.dataset.control === 'more' && next.inline >= count) refocus.current = inRow(shown.current.inline);
    }
    // Only a layout that changes is set: an equal one would still run the bar again (React bails out of an equal
    // state only after rendering the component when an update was pending), once per measurement.
    if (sameLayout(latest.current, next)) return;
    latest.current = next;
    setLayout(next);
  }, [count]);
  useLayoutEffect(() => {
    shown.current = layout;
    const target = refocus.current ? row.current?.querySelector<HTMLElement>(refocus.current) : null;
    refocus.current = null;
    target?.focus();
  });
  useLayoutEffect(measure);
  useEffect(() => {
    const el = row.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(el);
    const time = el.querySelector('[data-control="time"]');
    if (time) observer.observe(time);
    return () => observer.disconnect();
  }, [measure]);
  return { row, layout };
}

/** The control bar: every button sends a command to the engine (the one place commands run). */
export const PlayerControls = memo(function PlayerControls({ prefs, basePath, onMenu }: ControlsProps) {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  const engine = controller.engine;
  const run = (name: CommandName, ...args: unknown[]) => void controller.command(name, ...args);
  const snap = useSnapshot(controller.state);
  const pb = snap.playback;
  countRender(controller, 'controls');
  const playing = pb.player === PLAYER_STATE.PLAYING;
  const item = pb.playlist?.items[pb.index];
  const count = pb.playlist?.items.length ?? 0;
  const hasChapters = Boolean(item?.hasChapters);
  const captionsOn = prefs.subtitles === 1;
  const volumePercent = Math.round((pb.muted ? 0 : pb.volume) * 100);
  const openModal = (name: string) => controller.navigate(paths.modal(basePath, name));
  const [path] = useLocation();
  const transcriptOpen = matchRoute(path).modal === 'transcript';
  const playlist = pb.playlist;
  const favorite = Boolean(playlist && snap.favorites.some((f) => f.code === playlist.code));
  const hasNote = Boolean(playlist && playlistNotes(playlist, item, prefs.notes).length > 0);
  const toggleFavorite = () => {
    if (!playlist) return;
    if (favorite) controller.setFavorite({ code: playlist.code, label: null }, false);
    else run('addFavorite');
  };
  const modal = (name: 'chapters' | 'list' | 'note' | 'markup' | 'extras' | 'share', label: string, icon: IconName = name): OptionalControl => ({ name, label, icon, run: () => openModal(name) });

  // In the order they give way to the More menu: the last one first.
  const optional: OptionalControl[] = [
    pb.hasCaptions && {
      name: 'transcript',
      label: i18n._({ id: 'modal.transcript', message: 'Transcript' }),
      icon: 'transcript' as const,
      pressed: transcriptOpen,
      run: () => controller.navigate(transcriptOpen ? basePath : paths.modal(basePath, 'transcript')),
    },
    prefs.audioDescriptionsButton === 1 && {
      name: 'audio-descriptions',
      label: i18n._({ id: 'controls.audioDescriptions', message: 'Audio descriptions' }),
      icon: 'audioDescriptions' as const,
      pressed: prefs.audioDescriptions === 1,
      run: () => controller.setLocalPreference('audioDescriptions', prefs.audioDescriptions === 1 ? 0 : 1),
    },
    prefs.chaptersButton === 1 && hasChapters && modal('chapters', i18n._({ id: 'modal.chapters', message: 'Chapters' })),
    count > 1 && modal('list', i18n._({ id: 'modal.list', message: 'Playlist' })),
    hasNote && modal('note', i18n._({ id: 'modal.note', message: 'Note' })),
    prefs.favoritesButton === 1 && playlist && { name: 'favorite', label: i18n._({ id: 'controls.favorite', message: 'Favorite' }), icon: 'favorite' as const, pressed: favorite, run: toggleFavorite },
    prefs.markupButton === 1 && playlist && modal('markup', i18n._({ id: 'modal.markup', message: 'Annotate' })),
    modal('extras', i18n._({ id: 'modal.extras', message: 'Extras' })),
    prefs.shareButton === 1 && modal('share', i18n._({ id: 'modal.share', message: 'Share' })),
    prefs.menuAccess === 1 && { name: 'menu', label: i18n._({ id: 'controls.menu', message: 'Menu' }), icon: 'menu' as const, run: onMenu },
  ].filter((c): c is OptionalControl => Boolean(c));

  const { row, layout } = useControlRowLayout(optional.length);
  const inline = optional.slice(0, layout.inline);
  const overflow = optional.slice(layout.inline);
  const holdControls = useCallback((open: boolean) => controller.controls?.hold(open), [controller]);

  return (
    <div
      className="controls"
      part="controls"
      role="group"
      aria-label={i18n._({ id: 'controls.label', message: 'Player controls' })}
      // The keyboard's focus in the bar keeps it shown (a click's focus does not: the bar hides as usual).
      onFocus={(e) => e.target.matches(':focus-visible') && controller.controls?.hold(true, 'focus')}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && controller.controls?.hold(false, 'focus')}
    >
      <SeekBar onSeek={(seconds) => run('seekTo', seconds)} />
      <div className="control-row" ref={row} data-wrapped={layout.wrapped || undefined}>
        {/* Play, previous, next and the time keep their order in right-to-left languages (media controls are not
            mirrored). */}
        <div className="control-group" data-group="start" dir="ltr">
          <button type="button" className="control" data-control="play" aria-label={playing ? i18n._({ id: 'controls.pause', message: 'Pause' }) : i18n._({ id: 'controls.play', message: 'Play' })} onClick={() => run('togglePlay')}>
            <Icon name={playing ? 'pause' : 'play'} />
          </button>
          {count > 1 && (
            <>
              <button type="button" className="control" data-control="prev" aria-label={i18n._({ id: 'controls.prev', message: 'Previous video' })} onClick={() => run('prev')}>
                <Icon name="prev" />
              </button>
              <button type="button" className="control" data-control="next" disabled={!engine.canSkip()} aria-label={i18n._({ id: 'controls.next', message: 'Next video' })} onClick={() => run('next')}>
                <Icon name="next" />
              </button>
            </>
          )}
          <TimeReadout />
        </div>
        <div className="control-group" data-group="end">
          <button type="button" className="control" data-control="mute" data-pinned aria-label={pb.muted ? i18n._({ id: 'controls.unmute', message: 'Unmute' }) : i18n._({ id: 'controls.mute', message: 'Mute' })} onClick={() => run('toggleMute')}>
            <Icon name={pb.muted || pb.volume === 0 ? 'muted' : 'volume'} />
          </button>
          <input
            className="volume"
            type="range"
            min={0}
            max={100}
            step={5}
            value={volumePercent}
            hidden={layout.hideVolume}
            aria-label={i18n._({ id: 'controls.volume', message: 'Volume' })}
            aria-valuetext={`${volumePercent}%`}
            onChange={(e) => run('setVolume', Number(e.currentTarget.value) / 100)}
          />
          {prefs.captionsButton === 1 && pb.hasCaptions && (
            <button type="button" className="control" data-control="captions" data-pinned aria-pressed={captionsOn} aria-label={i18n._({ id: 'controls.captions', message: 'Captions' })} onClick={() => run('toggleCaptions')}>
              <Icon name="captions" />
            </button>
          )}
          <span className="spacer" />
          {inline.map((c, i) => (
            <button key={c.name} type="button" className="control" data-control={c.name} data-optional={i} aria-pressed={c.pressed} aria-label={c.label} onClick={c.run}>
              <Icon name={c.icon} />
            </button>
          ))}
          {overflow.length > 0 && <MoreMenu items={overflow} first={inline.length} onOpenChange={holdControls} />}
          <button type="button" className="control" data-control="settings" data-pinned aria-label={i18n._({ id: 'modal.settings', message: 'Settings' })} onClick={() => openModal('settings')}>
            <Icon name="settings" />
          </button>
          {prefs.enlargeButton === 1 && (
            <button type="button" className="control" data-control="fullscreen" data-pinned aria-pressed={snap.shell.fullscreen} aria-label={i18n._({ id: 'controls.fullscreen', message: 'Full screen' })} onClick={() => run('toggleFullscreen')}>
              <Icon name={snap.shell.fullscreen ? 'exitFullscreen' : 'fullscreen'} />
            </button>
          )}
        </div>
      </div>
    </div>
  );
});
