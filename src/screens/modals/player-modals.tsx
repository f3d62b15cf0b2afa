import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { usePlayer } from '../../app/context';
import { safeHref } from '../../content/normalise-playlist';
import { itemLabel, playlistLabel, type Playlist, type PlaylistItem } from '../../content/playlist';
import { mergePreferences } from '../../preferences/merge';
import type { ModalBodyProps } from '../modal-registry';
import { formatTime } from '../player-controls';

/** Review date format MM/DD/YYYY (spec section 9); undefined when the date cannot be read. */
export function formatReviewed(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
  if (m) return `${m[2]}/${m[3]}/${m[1]}`;
  const d = new Date(raw);
  if (Number.isNaN(d.getTime())) return undefined;
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

/** Brochure language falls back to en unless the playlist's ccLanguages contain the caption language. */
export const brochureLanguage = (playlist: Pick<Playlist, 'ccLanguages'>, ccLanguage: string) =>
  playlist.ccLanguages.includes(ccLanguage) ? ccLanguage : 'en';

function usePlaying() {
  const { controller } = usePlayer();
  const snap = useSnapshot(controller.state);
  const prefs = mergePreferences(snap.layers);
  const playlist = snap.playback.playlist as Playlist | undefined;
  const item = playlist?.items[snap.playback.index] as PlaylistItem | undefined;
  return { controller, prefs, playlist, item, index: snap.playback.index, ccLanguage: snap.playback.ccLanguage };
}

function NotReady() {
  const { i18n } = useLingui();
  return <p>{i18n._({ id: 'player.noPlaylist', message: 'Nothing is playing yet.' })}</p>;
}

export function ChaptersModal({ close: onDone }: ModalBodyProps) {
  const { i18n } = useLingui();
  const { controller, item } = usePlaying();
  if (!item) return <NotReady />;
  if (item.chapters.length === 0) return <p>{i18n._({ id: 'chapters.none', message: 'This video has no chapters.' })}</p>;
  return (
    <ol className="choice-list chapter-list">
      {item.chapters.map((ch, i) => (
        <li key={`${ch.f}-${i}`}>
          <button
            type="button"
            className="link-button"
            data-chapter={i}
            onClick={() => {
              controller.command('seekToChapter', i);
              onDone();
            }}
          >
            <span className="chapter-time">{formatTime(ch.f / 1000)}</span> {ch.h || i18n._({ id: 'modal.chapter', message: 'Chapter {chapter}', values: { chapter: i + 1 } })}
          </button>
        </li>
      ))}
    </ol>
  );
}

/** chapters/{chapter}: once the item is ready, seek to that chapter (0-based) and return to the player. */
export function ChapterRoute({ route, close: onDone }: ModalBodyProps) {
  const chapter = route.chapter ?? '0';
  const { controller } = usePlayer();
  const ready = useSnapshot(controller.state).playback.ready;
  useEffect(() => {
    if (!ready) return;
    try {
      controller.command('seekToChapter', Number(chapter));
    } catch {
      // Not a chapter of this item: just return to the player.
    }
    onDone();
  }, [ready, chapter, controller, onDone]);
  return null;
}

export function ListModal({ close: onDone }: ModalBodyProps) {
  const { i18n } = useLingui();
  const { controller, prefs, playlist, index } = usePlaying();
  if (!playlist) return <NotReady />;
  const noLabel = i18n._({ id: 'label.none', message: 'No Label' });
  return (
    <ol className="choice-list playlist-items">
      {playlist.items.map((it, i) => (
        <li key={`${it.code}-${i}`} className="playlist-item" data-code={it.code}>
          <button
            type="button"
            className="link-button"
            aria-current={i === index ? 'true' : undefined}
            onClick={() => {
              controller.command('seekToIndex', i);
              onDone();
            }}
          >
            {itemLabel(it, prefs.menuLanguage, prefs.titles) ?? noLabel}
          </button>
          {it.runtime > 0 && <span className="playlist-item-runtime">{formatTime(it.runtime)}</span>}
        </li>
      ))}
    </ol>
  );
}

export function InfoModal() {
  const { i18n } = useLingui();
  const { prefs, playlist, item } = usePlaying();
  if (!playlist) return <NotReady />;
  const reviewed = formatReviewed(item?.reviewedAt ?? playlist.reviewed);
  const rows: [string, string | undefined][] = [
    [i18n._({ id: 'info.title', message: 'Title' }), playlistLabel(playlist, prefs.menuLanguage, prefs.titles) ?? (item && itemLabel(item, prefs.menuLanguage, prefs.titles))],
    [i18n._({ id: 'info.provider', message: 'Provided by' }), playlist.provider],
    [i18n._({ id: 'info.reviewer', message: 'Medically reviewed by' }), playlist.reviewer],
    [i18n._({ id: 'info.reviewed', message: 'Reviewed on' }), reviewed],
    [i18n._({ id: 'info.runtime', message: 'Running time' }), playlist.runtime > 0 ? formatTime(playlist.runtime) : undefined],
  ];
  return (
    <dl className="info-list">
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

export function NoteModal() {
  const { i18n } = useLingui();
  const { prefs, playlist, item } = usePlaying();
  if (!playlist) return <NotReady />;
  const notes = [playlist.note, prefs.notes?.[playlist.code], item ? prefs.notes?.[item.code] : undefined].filter((n): n is string => typeof n === 'string' && n.trim() !== '');
  if (notes.length === 0) return <p>{i18n._({ id: 'note.none', message: 'There is no note for this video.' })}</p>;
  return (
    <div className="notes">
      {notes.map((n, i) => (
        <p key={i}>{n}</p>
      ))}
    </div>
  );
}

export function ExtrasModal({ route }: ModalBodyProps) {
  const client = route.client ?? '';
  const { i18n } = useLingui();
  const { api } = usePlayer();
  const { controller, prefs, playlist, item, ccLanguage } = usePlaying();
  if (!playlist) return <NotReady />;
  const lang = brochureLanguage(playlist, ccLanguage);
  const brochureFile = item?.brochureFile ?? item?.file;
  const brochure = prefs.brochureButton === 1 && brochureFile ? api.brochureUrl(client, brochureFile, lang) : undefined;
  const link = safeHref(item?.hyperlink);
  const reviewed = formatReviewed(item?.reviewedAt ?? playlist.reviewed);
  const copyright = item?.copyright ?? playlist.copyright;
  return (
    <div className="extras">
      {brochure && (
        <p>
          <a className="brochure-link" href={brochure} target="_blank" rel="noopener noreferrer" hrefLang={lang} onClick={() => controller.engine.brochureOpened(brochure)}>
            {i18n._({ id: 'extras.brochure', message: 'Download the brochure (PDF)' })}
          </a>
        </p>
      )}
      {link && (
        <p>
          <a className="hyperlink" href={link} target="_blank" rel="noopener noreferrer">
            {i18n._({ id: 'extras.link', message: 'More information' })}
          </a>
        </p>
      )}
      {copyright && <p className="copyright">{copyright}</p>}
      {reviewed && <p className="reviewed">{i18n._({ id: 'extras.reviewed', message: 'Reviewed {date}', values: { date: reviewed } })}</p>}
    </div>
  );
}
