/**
 * The control bar under the stage: play, previous and next, the time, volume, captions, the optional controls
 * (those that do not fit go to the More menu), settings and full screen, over the seek slider.
 */
import { memo, useCallback, useEffect, useReducer } from 'react';
import { useLingui } from '@lingui/react';
import { useSnapshot } from 'valtio';
import { usePlayer } from './player-context';
import { rateOf } from '../playback/rate';
import { PLAYER_STATE } from '../playback/timing';
import type { Preferences } from '../preferences/defaults';
import { matchRoute, paths } from '../routing/routes';
import { playlistNotes } from '../content/playlist';
import { useLocation } from 'wouter';
import { Icon, type IconName } from '../ui/icons';
import { countRender } from './render-count';
import type { CommandName } from '../commands/table';
import { SeekBar, TimeReadout } from './control-seek-bar';
import { MoreMenu, type OptionalControl } from './control-more-menu';
import { useControlRowLayout } from './use-control-row-layout';

export { formatTime } from './progress-view';

const PICTURE_IN_PICTURE_EVENTS = ['enterpictureinpicture', 'leavepictureinpicture'];

interface ControlsProps {
  prefs: Preferences;
  basePath: string;
  onMenu: () => void;
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
  const playing = pb.playerState === PLAYER_STATE.PLAYING;
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
  // Picture-in-picture: the video's events (they bubble inside the shadow root) render the switch again.
  const [, pictureInPictureChanged] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const root = controller.host.shadowRoot;
    for (const type of PICTURE_IN_PICTURE_EVENTS) root?.addEventListener(type, pictureInPictureChanged);
    return () => {
      for (const type of PICTURE_IN_PICTURE_EVENTS) root?.removeEventListener(type, pictureInPictureChanged);
    };
  }, [controller]);
  // The document names the host for a video inside its shadow root.
  const inPictureInPicture = document.pictureInPictureElement === controller.host;
  const rate = rateOf(prefs.speed);
  const speedText =
    rate === 1
      ? i18n._({ id: 'speed.normal', message: 'Normal' })
      : i18n._({ id: 'speed.rate', message: '{rate}×', values: { rate: i18n.number(rate) } });
  const hasNote = Boolean(playlist && playlistNotes(playlist, item, prefs.notes).length > 0);
  const toggleFavorite = () => {
    if (!playlist) return;
    if (favorite) run('removeFavorite');
    else run('addFavorite');
  };
  const modal = (
    name: 'chapters' | 'list' | 'note' | 'markup' | 'extras' | 'share',
    label: string,
    icon: IconName = name,
  ): OptionalControl => ({ name, label, icon, run: () => openModal(name) });

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
      run: () => run('toggleAudioDescriptions'),
    },
    prefs.chaptersButton === 1 &&
      hasChapters &&
      modal('chapters', i18n._({ id: 'modal.chapters', message: 'Chapters' })),
    count > 1 && modal('list', i18n._({ id: 'modal.list', message: 'Playlist' })),
    hasNote && modal('note', i18n._({ id: 'modal.note', message: 'Note' })),
    prefs.favoritesButton === 1 &&
      playlist && {
        name: 'favorite',
        label: i18n._({ id: 'controls.favorite', message: 'Favorite' }),
        icon: 'favorite' as const,
        pressed: favorite,
        run: toggleFavorite,
      },
    prefs.markupButton === 1 && playlist && modal('markup', i18n._({ id: 'modal.markup', message: 'Annotate' })),
    modal('extras', i18n._({ id: 'modal.extras', message: 'Extras' })),
    prefs.shareButton === 1 && modal('share', i18n._({ id: 'modal.share', message: 'Share' })),
    prefs.menuAccess === 1 && {
      name: 'menu',
      label: i18n._({ id: 'controls.menu', message: 'Menu' }),
      icon: 'menu' as const,
      run: onMenu,
    },
    {
      name: 'speed',
      label: i18n._({ id: 'controls.speed', message: 'Speed: {rate}', values: { rate: speedText } }),
      icon: 'speed' as const,
      run: () => openModal('settings/video/speed'),
    },
    // Only an html5 video, where the browser offers it.
    pb.ready &&
      engine.canPictureInPicture && {
        name: 'picture-in-picture',
        label: i18n._({ id: 'controls.pictureInPicture', message: 'Picture in picture' }),
        icon: 'pictureInPicture' as const,
        pressed: inPictureInPicture,
        run: () => run('togglePictureInPicture'),
      },
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
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && controller.controls?.hold(false, 'focus')}
    >
      <SeekBar onSeek={(seconds) => run('seekTo', seconds)} />
      <div className="control-row" ref={row} data-wrapped={layout.wrapped || undefined}>
        {/* Play, previous, next and the time keep their order in right-to-left languages (media controls are not
            mirrored). */}
        <div className="control-group" data-group="start" dir="ltr">
          <button
            type="button"
            className="control"
            data-control="play"
            aria-label={
              playing
                ? i18n._({ id: 'controls.pause', message: 'Pause' })
                : i18n._({ id: 'controls.play', message: 'Play' })
            }
            onClick={() => run('togglePlay')}
          >
            <Icon name={playing ? 'pause' : 'play'} />
          </button>
          {count > 1 && (
            <>
              <button
                type="button"
                className="control"
                data-control="prev"
                aria-label={i18n._({ id: 'controls.prev', message: 'Previous video' })}
                onClick={() => run('prev')}
              >
                <Icon name="prev" />
              </button>
              <button
                type="button"
                className="control"
                data-control="next"
                disabled={!engine.canSkip()}
                aria-label={i18n._({ id: 'controls.next', message: 'Next video' })}
                onClick={() => run('next')}
              >
                <Icon name="next" />
              </button>
            </>
          )}
          <TimeReadout />
        </div>
        <div className="control-group" data-group="end">
          <button
            type="button"
            className="control"
            data-control="mute"
            data-pinned
            aria-label={
              pb.muted
                ? i18n._({ id: 'controls.unmute', message: 'Unmute' })
                : i18n._({ id: 'controls.mute', message: 'Mute' })
            }
            onClick={() => run('toggleMute')}
          >
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
            <button
              type="button"
              className="control"
              data-control="captions"
              data-pinned
              aria-pressed={captionsOn}
              aria-label={i18n._({ id: 'controls.captions', message: 'Captions' })}
              onClick={() => run('toggleCaptions')}
            >
              <Icon name="captions" />
            </button>
          )}
          <span className="spacer" />
          {inline.map((c, i) => (
            <button
              key={c.name}
              type="button"
              className="control"
              data-control={c.name}
              data-optional={i}
              aria-pressed={c.pressed}
              aria-label={c.label}
              onClick={c.run}
            >
              <Icon name={c.icon} />
            </button>
          ))}
          {overflow.length > 0 && <MoreMenu items={overflow} first={inline.length} onOpenChange={holdControls} />}
          <button
            type="button"
            className="control"
            data-control="settings"
            data-pinned
            aria-label={i18n._({ id: 'modal.settings', message: 'Settings' })}
            onClick={() => openModal('settings')}
          >
            <Icon name="settings" />
          </button>
          {prefs.enlargeButton === 1 && (
            <button
              type="button"
              className="control"
              data-control="fullscreen"
              data-pinned
              aria-pressed={snap.shell.fullscreen}
              aria-label={i18n._({ id: 'controls.fullscreen', message: 'Full screen' })}
              onClick={() => run('toggleFullscreen')}
            >
              <Icon name={snap.shell.fullscreen ? 'exitFullscreen' : 'fullscreen'} />
            </button>
          )}
        </div>
      </div>
    </div>
  );
});
