import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { usePlayer } from '../app/context';
import { useAsync } from '../app/use-async';
import { itemLabel, playlistLabel } from '../content/playlist';
import type { Preferences } from '../preferences/defaults';
import { paths } from '../routing/routes';
import { LoadFailure, Loading } from '../ui/load-failure';

interface PlayerScreenProps {
  client: string;
  code: string;
  collection?: string;
  prefs: Preferences;
}

const formatRuntime = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Playlist screen: title, poster and items from the real playlist call (playback arrives with the player adapters). */
export function PlayerScreen({ client, code, collection, prefs }: PlayerScreenProps) {
  const { i18n } = useLingui();
  const { api, controller, reportRendered } = usePlayer();
  const { menuLanguage, voLanguage } = prefs;
  const playlist = useAsync(`${client}|${code}|${menuLanguage}|${voLanguage}|${api.hosts.api}`, (signal) =>
    api.playlist(client, code, menuLanguage, voLanguage, signal),
  );
  useEffect(() => {
    if (playlist.status !== 'loading') reportRendered('playlist');
  }, [playlist.status, reportRendered]);

  const backToMenu = (
    <button type="button" className="button" data-action="menu" onClick={() => controller.navigate(paths.navigation(client, collection))}>
      {i18n._({ id: 'player.backToMenu', message: 'Back to menu' })}
    </button>
  );
  if (playlist.status === 'loading') return <Loading />;
  if (playlist.status === 'error') {
    return (
      <section className="screen player-screen" data-screen="playlist">
        <LoadFailure error={playlist.error} onRetry={playlist.retry} />
        {backToMenu}
      </section>
    );
  }
  const p = playlist.data;
  const noLabel = i18n._({ id: 'label.none', message: 'No Label' });
  const first = p.items[0];
  const poster = first ? api.posterUrl(first) : undefined;
  const title = playlistLabel(p, menuLanguage, prefs.titles) ?? (first && itemLabel(first, menuLanguage, prefs.titles)) ?? noLabel;
  return (
    <section className="screen player-screen" data-screen="playlist" data-code={p.code}>
      <div className="player-toolbar">{backToMenu}</div>
      <h2 className="playlist-title">{title}</h2>
      <div className="stage">
        {poster ? <img className="poster" src={poster} alt="" /> : <div className="poster poster-empty" />}
      </div>
      <ol className="playlist-items" aria-label={i18n._({ id: 'player.items', message: 'Videos in this playlist' })}>
        {p.items.map((item, index) => (
          <li key={`${item.code}-${index}`} className="playlist-item" data-code={item.code}>
            <span className="playlist-item-label">{itemLabel(item, menuLanguage, prefs.titles) ?? noLabel}</span>
            {item.runtime > 0 && <span className="playlist-item-runtime">{formatRuntime(item.runtime)}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
