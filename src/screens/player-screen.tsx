import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { usePlayer } from './player-context';
import { itemLabel, playlistLabel, type Playlist, type PlaylistItem } from '../content/playlist';
import { shortcutFor } from '../commands/keyboard';
import { PLAYER_STATE } from '../playback/timing';
import { directionOf } from '../i18n/locales';
import type { Preferences } from '../preferences/defaults';
import { paths } from '../routing/routes';
import { Icon } from '../ui/icons';
import { LoadFailure, Loading } from '../ui/load-failure';
import { noticeText } from './notices';
import { PlayerControls } from './player-controls';
import { ControlsVisibility } from '../playback/controls-visibility';
import { PLAYER_CSS } from './player-styles';
import { countRender } from './render-count';

interface PlayerScreenProps {
  client: string;
  code: string;
  collection?: string;
  prefs: Preferences;
  /** A modal route is shown: keyboard shortcuts are off. */
  modalOpen: boolean;
}

/** Playlist player screen: stage (the adapter's media), overlays, control bar and keyboard shortcuts. */
export function PlayerScreen({ client, code, collection, prefs, modalOpen }: PlayerScreenProps) {
  const { i18n } = useLingui();
  const { api, controller, reportRendered } = usePlayer();
  const engine = controller.engine;
  controller.adoptStyles('player', PLAYER_CSS); // idempotent: before the first paint of the player
  const { menuLanguage } = prefs;
  // The controller requested the playlist on navigation (and starts it in the engine when it arrives).
  const snap = useSnapshot(controller.state);
  countRender(controller, 'player-screen');
  const playlist = snap.data.playlist;
  const pb = snap.playback;
  const basePath = collection ? paths.collectionItem(client, collection, code) : paths.playlist(client, code);

  useEffect(() => {
    if (playlist.status === 'ready' || playlist.status === 'error') reportRendered('playlist');
  }, [playlist.status, reportRendered]);

  // The stage element is where adapters render; it goes away with the screen.
  const stageRef = useCallback((el: HTMLDivElement | null) => engine.setStage(el), [engine]);
  useEffect(() => () => engine.setStage(null), [engine]);

  // Controls show on mouse move, touch or key press and hide after 4 s / 7 s while playing (the rule and
  // its timer live in src/playback/controls-visibility.ts, on the player's clock).
  const [controls] = useState(() =>
    controller.controlsVisibility(() => new ControlsVisibility(controller.state.shell, () => controller.clock)),
  );
  const activity = (kind?: 'mouse' | 'touch') => controls.activity(kind);
  useEffect(() => controls.playback(pb.playerState, pb.ready), [pb.playerState, pb.ready, controls]);
  useEffect(() => () => controls.dispose(), [controls]);

  const onMenu = useCallback(() => {
    controller.command('pauseVideo');
    controller.navigate(paths.modal(basePath, 'info'));
  }, [controller, basePath]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    activity();
    if (modalOpen || prefs.keyboardShortcuts !== 1) return;
    const target = event.target as HTMLElement;
    const shortcut = shortcutFor(event.nativeEvent);
    if (!shortcut) return;
    // Let focused controls keep their own keys: Space/Enter on buttons, arrows on sliders.
    if (target.tagName === 'BUTTON' && (event.key === ' ' || event.key === 'Enter')) return;
    if (target.tagName === 'INPUT' && event.key.startsWith('Arrow')) return;
    event.preventDefault();
    void controller.command(shortcut.command, ...('value' in shortcut ? [shortcut.value] : []));
  };

  const backToMenu =
    prefs.menuAccess !== 1 ? null : (
      <button
        type="button"
        className="button"
        data-action="menu"
        onClick={() => controller.navigate(paths.navigation(client, collection))}
      >
        {i18n._({ id: 'player.backToMenu', message: 'Back to menu' })}
      </button>
    );
  // While the same playlist reloads (another language), keep the stage: playback continues in place.
  const data = playlist.data?.code === code ? (playlist.data as Playlist) : undefined;
  const shown = data ?? (pb.playlist?.code === code ? (pb.playlist as Playlist) : undefined);
  if (playlist.status === 'error') {
    return (
      <section className="screen player-screen" data-screen="playlist">
        <LoadFailure error={playlist.error} onRetry={() => void controller.command('retryLoad', 'playlist')} />
        {backToMenu}
      </section>
    );
  }
  if (!shown) return <Loading />;
  const p = shown;
  const noLabel = i18n._({ id: 'label.none', message: 'No Label' });
  const item = (pb.playlist?.code === p.code ? pb.playlist?.items[pb.index] : p.items[0]) as PlaylistItem | undefined;
  const poster = item ? api.posterUrl(item) : undefined;
  const title =
    playlistLabel(p, menuLanguage, prefs.titles) ??
    (p.items[0] && itemLabel(p.items[0], menuLanguage, prefs.titles)) ??
    noLabel;
  const showPoster =
    Boolean(poster) &&
    pb.kind === 'html5' &&
    pb.playerState !== PLAYER_STATE.PLAYING &&
    pb.currentTime === 0 &&
    !pb.error;
  const showBigPlay = pb.ready && pb.playerState !== PLAYER_STATE.PLAYING && pb.currentTime === 0 && !pb.error;
  const captionsShown = prefs.subtitles === 1 && pb.captions.length > 0;

  return (
    // The screen's handlers watch what bubbles up from the controls inside it (shortcut keys, activity that shows the
    // bar); the section itself is no control.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <section
      className="screen player-screen"
      data-screen="playlist"
      data-code={p.code}
      data-state={pb.playerState}
      onKeyDown={onKeyDown}
      onPointerMove={(e) => activity(e.pointerType === 'touch' ? 'touch' : 'mouse')}
      onTouchStart={() => activity('touch')}
    >
      <div className="player-toolbar">{backToMenu}</div>
      <h2 className="playlist-title" tabIndex={-1}>
        {title}
      </h2>
      {item && p.items.length > 1 && (
        <p className="item-title" data-index={pb.index}>
          {i18n._({
            id: 'player.itemOf',
            message: '{index} of {count}: {label}',
            values: {
              index: pb.index + 1,
              count: p.items.length,
              label: itemLabel(item, menuLanguage, prefs.titles) ?? noLabel,
            },
          })}
        </p>
      )}
      <div className="player-frame">
        {/* eslint-disable jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions,
            jsx-a11y/no-noninteractive-tabindex -- The stage is focusable so that clicking the video gives the player
            the keyboard: the screen's shortcut keys, Space and K among them, which play and pause as this click
            does. */}
        <div
          className="stage"
          part="stage"
          ref={stageRef}
          tabIndex={0}
          role="region"
          aria-label={i18n._({ id: 'player.stage', message: 'Video player' })}
          data-kind={pb.kind ?? ''}
          onClick={(e) => e.target === e.currentTarget && void controller.command('togglePlay')}
        />
        {/* eslint-enable */}
        {showPoster && <img className="poster" src={poster} alt="" />}
        {captionsShown && (
          <div className="captions" lang={pb.ccLanguage} dir={directionOf(pb.ccLanguage)} aria-live="off">
            {pb.captions.map((line, i) => (
              <span className="caption-line" key={i}>
                {line}
              </span>
            ))}
          </div>
        )}
        {pb.indicator && (
          <div className="indicator" data-indicator={pb.indicator} aria-hidden="true">
            {pb.indicator === 'volume' || pb.indicator === 'rate' ? (
              pb.indicatorText
            ) : (
              <Icon
                name={
                  pb.indicator === 'play'
                    ? 'play'
                    : pb.indicator === 'pause'
                      ? 'pause'
                      : pb.indicator === 'mute'
                        ? 'muted'
                        : 'volume'
                }
              />
            )}
          </div>
        )}
        {pb.error && (
          <div className="stage-error" role="alert" data-error-kind={pb.error.reason}>
            <p>
              {noticeText(
                i18n,
                pb.error.reason === 'script'
                  ? pb.kind === 'vimeo'
                    ? 'vimeoScript'
                    : 'youtubeScript'
                  : pb.error.reason === 'source'
                    ? 'sourceError'
                    : pb.error.reason === 'vendor'
                      ? 'vendorError'
                      : 'mediaError',
              )}
            </p>
            {pb.error.retryable && (
              <button
                type="button"
                className="button"
                data-control="retry"
                onClick={() => void controller.command('retryMedia')}
              >
                {i18n._({ id: 'action.retry', message: 'Try again' })}
              </button>
            )}
          </div>
        )}
        {showBigPlay && (
          <button
            type="button"
            className="big-play"
            data-control="big-play"
            aria-label={i18n._({ id: 'controls.play', message: 'Play' })}
            onClick={(e) => {
              // The button goes once playing: the keyboard's focus moves on to the bar's Play / Pause first, so that
              // it is not lost to the page (where K or Space would no longer reach the player).
              const root = e.currentTarget.getRootNode() as ShadowRoot;
              if (root.activeElement === e.currentTarget)
                root.querySelector<HTMLElement>('.control-row [data-control="play"]')?.focus();
              void controller.command('playVideo');
            }}
          >
            <Icon name="play" />
          </button>
        )}
        {(!pb.ready || pb.buffering) && !pb.error && pb.playlist?.code === p.code && (
          <div className="stage-loading">
            <span className="spinner" aria-hidden="true" />
          </div>
        )}
      </div>
      <PlayerControls prefs={prefs} basePath={basePath} onMenu={onMenu} />
    </section>
  );
}
