import { useLingui } from '@lingui/react';
import { useSnapshot } from 'valtio';
import { usePlayer } from '../app/context';
import { PLAYER_STATE } from '../playback/timing';
import type { Preferences } from '../preferences/defaults';
import { matchRoute, paths } from '../routing/routes';
import { playlistNotes } from '../content/playlist';
import { useLocation } from 'wouter';
import { Icon } from '../ui/icons';
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
function SeekBar({ onSeek }: { onSeek: (seconds: number) => void }) {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  const { currentTime, duration, ready } = useSnapshot(controller.state.playback);
  return (
    <input
      className="seek"
      type="range"
      min={0}
      max={Math.max(duration, 0.001)}
      step={0.1}
      value={Math.min(currentTime, duration || 0)}
      disabled={!ready}
      aria-label={i18n._({ id: 'controls.seek', message: 'Seek' })}
      aria-valuetext={i18n._({ id: 'controls.seekValue', message: '{current} of {total}', values: { current: formatTime(currentTime), total: formatTime(duration) } })}
      onChange={(e) => onSeek(Number(e.currentTarget.value))}
    />
  );
}

function TimeReadout() {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  const { currentTime, duration } = useSnapshot(controller.state.playback);
  return (
    <span className="time" data-control="time">
      <span className="visually-hidden">{i18n._({ id: 'controls.time', message: 'Time' })}</span>
      {formatTime(currentTime)} / {formatTime(duration)}
    </span>
  );
}

interface ControlsProps {
  prefs: Preferences;
  /** Path of the player route (modal children are appended to it). */
  basePath: string;
  onMenu: () => void;
}

/** The control bar: every button sends a command to the engine (the one place commands run). */
export function PlayerControls({ prefs, basePath, onMenu }: ControlsProps) {
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

  return (
    <div className="controls" part="controls" role="group" aria-label={i18n._({ id: 'controls.label', message: 'Player controls' })}>
      <SeekBar onSeek={(seconds) => run('seekTo', seconds)} />
      <div className="control-row">
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
        <span className="spacer" />
        <button type="button" className="control" data-control="mute" aria-label={pb.muted ? i18n._({ id: 'controls.unmute', message: 'Unmute' }) : i18n._({ id: 'controls.mute', message: 'Mute' })} onClick={() => run('toggleMute')}>
          <Icon name={pb.muted || pb.volume === 0 ? 'muted' : 'volume'} />
        </button>
        <input
          className="volume"
          type="range"
          min={0}
          max={100}
          step={5}
          value={volumePercent}
          aria-label={i18n._({ id: 'controls.volume', message: 'Volume' })}
          aria-valuetext={`${volumePercent}%`}
          onChange={(e) => run('setVolume', Number(e.currentTarget.value) / 100)}
        />
        {prefs.captionsButton === 1 && pb.hasCaptions && (
          <button type="button" className="control" data-control="captions" aria-pressed={captionsOn} aria-label={i18n._({ id: 'controls.captions', message: 'Captions' })} onClick={() => run('toggleCaptions')}>
            <Icon name="captions" />
          </button>
        )}
        {pb.hasCaptions && (
          <button
            type="button"
            className="control"
            data-control="transcript"
            aria-pressed={transcriptOpen}
            aria-label={i18n._({ id: 'modal.transcript', message: 'Transcript' })}
            onClick={() => controller.navigate(transcriptOpen ? basePath : paths.modal(basePath, 'transcript'))}
          >
            <Icon name="transcript" />
          </button>
        )}
        {prefs.audioDescriptionsButton === 1 && (
          <button
            type="button"
            className="control"
            data-control="audio-descriptions"
            aria-pressed={prefs.audioDescriptions === 1}
            aria-label={i18n._({ id: 'controls.audioDescriptions', message: 'Audio descriptions' })}
            onClick={() => controller.setLocalPreference('audioDescriptions', prefs.audioDescriptions === 1 ? 0 : 1)}
          >
            <Icon name="audioDescriptions" />
          </button>
        )}
        {prefs.chaptersButton === 1 && hasChapters && (
          <button type="button" className="control" data-control="chapters" aria-label={i18n._({ id: 'modal.chapters', message: 'Chapters' })} onClick={() => openModal('chapters')}>
            <Icon name="chapters" />
          </button>
        )}
        {count > 1 && (
          <button type="button" className="control" data-control="list" aria-label={i18n._({ id: 'modal.list', message: 'Playlist' })} onClick={() => openModal('list')}>
            <Icon name="list" />
          </button>
        )}
        {hasNote && (
          <button type="button" className="control" data-control="note" aria-label={i18n._({ id: 'modal.note', message: 'Note' })} onClick={() => openModal('note')}>
            <Icon name="note" />
          </button>
        )}
        {prefs.favoritesButton === 1 && playlist && (
          <button type="button" className="control" data-control="favorite" aria-pressed={favorite} aria-label={i18n._({ id: 'controls.favorite', message: 'Favorite' })} onClick={toggleFavorite}>
            <Icon name="favorite" />
          </button>
        )}
        {prefs.markupButton === 1 && playlist && (
          <button type="button" className="control" data-control="markup" aria-label={i18n._({ id: 'modal.markup', message: 'Annotate' })} onClick={() => openModal('markup')}>
            <Icon name="markup" />
          </button>
        )}
        <button type="button" className="control" data-control="extras" aria-label={i18n._({ id: 'modal.extras', message: 'Extras' })} onClick={() => openModal('extras')}>
          <Icon name="extras" />
        </button>
        {prefs.shareButton === 1 && (
          <button type="button" className="control" data-control="share" aria-label={i18n._({ id: 'modal.share', message: 'Share' })} onClick={() => openModal('share')}>
            <Icon name="share" />
          </button>
        )}
        <button type="button" className="control" data-control="settings" aria-label={i18n._({ id: 'modal.settings', message: 'Settings' })} onClick={() => openModal('settings')}>
          <Icon name="settings" />
        </button>
        {prefs.enlargeButton === 1 && (
          <button type="button" className="control" data-control="fullscreen" aria-pressed={snap.shell.fullscreen} aria-label={i18n._({ id: 'controls.fullscreen', message: 'Full screen' })} onClick={() => run('toggleFullscreen')}>
            <Icon name={snap.shell.fullscreen ? 'exitFullscreen' : 'fullscreen'} />
          </button>
        )}
        {prefs.menuAccess === 1 && (
          <button type="button" className="control" data-control="menu" aria-label={i18n._({ id: 'controls.menu', message: 'Menu' })} onClick={onMenu}>
            <Icon name="menu" />
          </button>
        )}
      </div>
    </div>
  );
}
