import { useLingui } from '@lingui/react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { usePlayer } from '../player-context';
import { LINK_SCHEMES, safeUrl } from '../../content/url';
import { itemLabel, playlistLabel, playlistNotes, type Playlist, type PlaylistItem } from '../../content/playlist';
import { mergePreferences } from '../../preferences/merge';
import type { ModalBodyProps } from '../modal-body';
import { formatTime } from '../player-controls';
import { languageName } from '../../i18n/language-names';
import { directionOf } from '../../i18n/locales';
import type { Cue } from '../../playback/vtt';

/** Review date format MM/DD/YYYY; undefined when the date cannot be read. */
export function formatReviewed(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
  if (m) return `${m[2]}/${m[3]}/${m[1]}`;
  const d = new Date(raw);
  if (Number.isNaN(d.getTime())) return undefined;
  const month = String(d.getUTCMonth() + 1).padStart(2, '0');
  const day = String(d.getUTCDate()).padStart(2, '0');
  return `${month}/${day}/${d.getUTCFullYear()}`;
}

/** Brochure language falls back to en unless the playlist's ccLanguages contain the caption language. */
export const brochureLanguage = (playlist: Pick<Playlist, 'ccLanguages'>, ccLanguage: string) =>
  playlist.ccLanguages.includes(ccLanguage) ? ccLanguage : 'en';

function usePlaying() {
  const { controller } = usePlayer();
  const snap = useSnapshot(controller.state);
  const prefs = mergePreferences(snap.layers);
  const playlist = snap.playback.playlist as Playlist | undefined;
  const item = playlist?.items[snap.playback.index];
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
  if (item.chapters.length === 0)
    return <p>{i18n._({ id: 'chapters.none', message: 'This video has no chapters.' })}</p>;
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
            <span className="chapter-time">{formatTime(ch.f / 1000)}</span>{' '}
            {ch.h || i18n._({ id: 'modal.chapter', message: 'Chapter {chapter}', values: { chapter: i + 1 } })}
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
  // A dual-language playlist has each video twice, once per language: the list says which is which.
  const dual = playlist.flags.lang_type === 'dual';
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
            {dual && it.file && (
              <>
                {' '}
                <span className="playlist-item-language" lang={it.language}>
                  ({languageName(it.language)})
                </span>
              </>
            )}
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
    [
      i18n._({ id: 'info.title', message: 'Title' }),
      playlistLabel(playlist, prefs.menuLanguage, prefs.titles) ??
        (item && itemLabel(item, prefs.menuLanguage, prefs.titles)),
    ],
    [i18n._({ id: 'info.provider', message: 'Provided by' }), playlist.provider],
    [i18n._({ id: 'info.reviewer', message: 'Medically reviewed by' }), playlist.reviewer],
    [i18n._({ id: 'info.reviewed', message: 'Reviewed on' }), reviewed],
    [
      i18n._({ id: 'info.runtime', message: 'Running time' }),
      playlist.runtime > 0 ? formatTime(playlist.runtime) : undefined,
    ],
  ];
  return <InfoList rows={rows} />;
}

/** Label / value rows (those with a value). */
function InfoList({ rows, id, hidden }: { rows: [string, string | undefined][]; id?: string; hidden?: boolean }) {
  return (
    <dl className="info-list" id={id} hidden={hidden}>
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
  const notes = playlistNotes(playlist, item, prefs.notes);
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
  // A link only with a link's scheme; anything else is shown as text, never as a link.
  const link = safeUrl(item?.hyperlink, undefined, LINK_SCHEMES);
  const reviewed = formatReviewed(item?.reviewedAt ?? playlist.reviewed);
  const copyright = item?.copyright ?? playlist.copyright;
  return (
    <div className="extras">
      {brochure && (
        <p>
          <a
            className="brochure-link"
            href={brochure}
            target="_blank"
            rel="noopener noreferrer"
            hrefLang={lang}
            onClick={() => void controller.command('brochureOpened', brochure)}
          >
            {i18n._({ id: 'extras.brochure', message: 'Download the brochure (PDF)' })}
          </a>
        </p>
      )}
      {link ? (
        <p>
          <a className="hyperlink" href={link} target="_blank" rel="noopener noreferrer">
            {i18n._({ id: 'extras.link', message: 'More information' })}
          </a>
        </p>
      ) : (
        item?.hyperlink && <p className="hyperlink-text">{item.hyperlink}</p>
      )}
      {copyright && <p className="copyright">{copyright}</p>}
      {reviewed && (
        <p className="reviewed">
          {i18n._({ id: 'extras.reviewed', message: 'Reviewed {date}', values: { date: reviewed } })}
        </p>
      )}
      {prefs.disclaimerButton === 1 && <Disclaimer playlist={playlist} item={item} />}
    </div>
  );
}

/**
 * The disclaimer (behind its button, disclaimerButton): copyright and its id, provider, reviewer, the review
 * date as MM/DD/YYYY, and the note when there is one.
 */
function Disclaimer({ playlist, item }: { playlist: Playlist; item?: PlaylistItem }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const id = useId();
  const reviewed = formatReviewed(item?.reviewedAt ?? playlist.reviewed);
  const rows: [string, string | undefined][] = [
    [i18n._({ id: 'disclaimer.copyright', message: 'Copyright' }), item?.copyright ?? playlist.copyright],
    [i18n._({ id: 'disclaimer.copyrightId', message: 'Copyright ID' }), item?.copyrightId ?? playlist.copyrightId],
    [i18n._({ id: 'info.provider', message: 'Provided by' }), playlist.provider],
    [i18n._({ id: 'info.reviewer', message: 'Medically reviewed by' }), playlist.reviewer],
    [i18n._({ id: 'info.reviewed', message: 'Reviewed on' }), reviewed],
    [i18n._({ id: 'modal.note', message: 'Note' }), playlist.note?.trim() || undefined],
  ];
  return (
    <div className="disclaimer">
      <button
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={id}
        data-action="disclaimer"
        onClick={() => setOpen(!open)}
      >
        {i18n._({ id: 'disclaimer.button', message: 'Disclaimer' })}
      </button>
      <InfoList rows={rows} id={id} hidden={!open} />
    </div>
  );
}

const TRANSCRIPT_CSS = /* css */ `
.modal-layer-overlay .modal[data-modal-name="transcript"] {
  position: absolute;
  inset-block: 0 var(--transcript-bottom, 0);
  inset-inline-end: 0;
  width: min(22em, 100%);
  max-width: none;
  max-height: none;
  border-radius: 0;
  display: flex;
  flex-direction: column;
}
.modal[data-modal-name="transcript"] .modal-body {
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
  gap: .5em;
  padding: .75em;
}
.transcript-filter { display: grid; gap: .2em; }
.transcript-filter input {
  font: inherit;
  padding: .35em .5em;
  border: 1px solid #9aa3b5;
  border-radius: 4px;
  min-width: 0;
  width: 100%;
  box-sizing: border-box;
}
.transcript-cues { list-style: none; margin: 0; padding: 0; overflow-y: auto; flex: 1; }
.transcript-cue {
  width: 100%;
  display: flex;
  gap: .6em;
  text-align: start;
  font: inherit;
  color: inherit;
  background: none;
  border: 0;
  border-inline-start: 3px solid transparent;
  border-radius: 4px;
  padding: .35em .4em;
  cursor: pointer;
}
.transcript-cue:hover { background: #f0f2f7; }
.transcript-cue[aria-current="true"] { background: #e3e9f7; border-inline-start-color: var(--ped-color); }
.transcript-time { color: var(--ped-muted); font-variant-numeric: tabular-nums; flex: none; }
`;

/** The index of the cue playing at `t` (the latest that started), or -1. */
export function activeCueIndex(cues: readonly Cue[], t: number): number {
  let found = -1;
  cues.forEach((c, i) => {
    if (c.start <= t && t < c.end) found = i;
  });
  return found;
}

/**
 * transcript (an overlay beside the video): the current item's cues in the caption language, each a button
 * that seeks to it; the playing one is marked and kept in view; a filter narrows the list.
 */
export function TranscriptPanel() {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  controller.adoptStyles('transcript', TRANSCRIPT_CSS);
  const { cues, currentTime, ccLanguage } = useSnapshot(controller.state.playback);
  const [filter, setFilter] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const active = activeCueIndex(cues, currentTime);
  const query = filter.trim().toLocaleLowerCase();
  const shown = cues.map((c, i) => ({ c, i })).filter(({ c }) => !query || c.text.toLocaleLowerCase().includes(query));
  useEffect(() => {
    const el = listRef.current?.querySelector<HTMLElement>('[aria-current="true"]');
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  // The panel ends above the control bar: the controls stay visible and reachable beside it (the layer covers the
  // whole player). Measured, as the bar's height depends on the width and the text size.
  useLayoutEffect(() => {
    const root = controller.host.shadowRoot;
    const panel = root?.querySelector<HTMLElement>('.modal[data-modal-name="transcript"]');
    const layer = panel?.closest<HTMLElement>('.modal-layer');
    if (!root || !panel || !layer) return;
    const fit = () => {
      const controls = root.querySelector<HTMLElement>('.player-screen .controls');
      const room = controls
        ? Math.max(0, layer.getBoundingClientRect().bottom - controls.getBoundingClientRect().top)
        : 0;
      panel.style.setProperty('--transcript-bottom', `${Math.round(room)}px`); // the CSSOM, which strict CSP allows
    };
    fit();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : undefined;
    observer?.observe(layer);
    const controls = root.querySelector('.player-screen .controls');
    if (controls) observer?.observe(controls);
    return () => observer?.disconnect();
  }, [controller]);
  const filterId = useId();
  return (
    <>
      <div className="transcript-filter">
        <label htmlFor={filterId}>{i18n._({ id: 'transcript.filter', message: 'Filter the transcript' })}</label>
        <input id={filterId} type="search" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
      </div>
      {cues.length === 0 ? (
        <p>{i18n._({ id: 'transcript.none', message: 'There is no transcript for this video.' })}</p>
      ) : shown.length === 0 ? (
        <p role="status">{i18n._({ id: 'transcript.noMatch', message: 'No lines match.' })}</p>
      ) : (
        <ol className="transcript-cues" ref={listRef} lang={ccLanguage} dir={directionOf(ccLanguage)}>
          {shown.map(({ c, i }) => (
            <li key={`${i}-${c.start}`}>
              <button
                type="button"
                className="transcript-cue"
                data-start={c.start}
                aria-current={i === active ? 'true' : undefined}
                onClick={() => void controller.command('seekTo', c.start)}
              >
                <span className="transcript-time">{formatTime(c.start)}</span>
                <span>{c.text}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
