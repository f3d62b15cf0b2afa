/**
 * Share and Embed (the shared modal set): the take-home link with its QR code, and the embed codes. The QR
 * library loads with this chunk only.
 */
import { useLingui } from '@lingui/react';
import { generate } from 'lean-qr/nano';
import { toSvgPath } from 'lean-qr/extras/svg';
import { useId, useMemo, useRef, useState } from 'react';
import { usePlayer, type PlayerHandle } from '../player-context';
import { resolveHosts } from '../../content/provider';
import { safeUrl } from '../../content/url';
import { buildShareUrl, type SharedView } from '../../content/share-link';
import { itemLabel, playlistLabel } from '../../content/playlist';
import { isLanguage } from '../../preferences/defaults';
import { paths } from '../../routing/routes';
import type { ModalBodyProps } from '../modal-body';

const SHARE_CSS = /* css */ `
.share-field { display: grid; gap: .3em; margin-bottom: .9em; }
.share-field label { font-weight: 600; }
.share-field input, .share-field textarea {
  font: inherit;
  font-size: .9em;
  width: 100%;
  padding: .4em .5em;
  border: 1px solid #9aa3b5;
  border-radius: 4px;
  background: #f4f6fa;
  color: inherit;
  resize: vertical;
}
.share-actions { display: flex; flex-wrap: wrap; gap: .5em; align-items: center; margin-bottom: 1em; }
.share-actions a.button { text-decoration: none; display: inline-block; }
.share-qr { margin: 0; display: flex; align-items: center; gap: 1em; }
.share-qr svg { width: 9em; height: 9em; flex: none; border: 1px solid #d5dae3; }
.share-qr figcaption { color: var(--ped-muted); font-size: .9em; }
`;

/** What the visitor is on now: the route's client and code, the item, the time and the three languages. */
function currentView(controller: PlayerHandle): SharedView | undefined {
  const route = controller.currentRoute();
  if (!route.client) return undefined;
  const prefs = controller.preferences();
  const pb = controller.state.playback;
  const playing = pb.playlist && pb.playlist.code === route.code;
  const lang = (l: string) => (isLanguage(l) ? l : undefined);
  return {
    client: route.client,
    code: route.code,
    item: playing ? pb.index : undefined,
    time: playing ? pb.currentTime : undefined,
    menuLanguage: lang(prefs.menuLanguage),
    voLanguage: lang(playing ? pb.voLanguage : prefs.voLanguage),
    ccLanguage: lang(playing ? pb.ccLanguage : prefs.ccLanguage),
  };
}

/** The title of what is shared: the playlist's label when one is playing. */
function sharedTitle(controller: PlayerHandle): string | undefined {
  const pb = controller.state.playback;
  const playlist = pb.playlist;
  if (!playlist) return undefined;
  const prefs = controller.preferences();
  const item = playlist.items[pb.index];
  return (
    playlistLabel(playlist, prefs.menuLanguage, prefs.titles) ??
    (item ? itemLabel(item, prefs.menuLanguage, prefs.titles) : undefined)
  );
}

/** Copy text: the Clipboard API, else the selected field and the copy command. */
async function copyText(text: string, field: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.focus();
    field?.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

function useShareStyles() {
  const { controller } = usePlayer();
  controller.adoptStyles('share', SHARE_CSS);
  return controller;
}

/** A QR code of `text` as an SVG path (no markup strings: CSP- and Trusted-Types-safe). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const code = useMemo(() => generate(text), [text]);
  const box = code.size + 8; // the quiet zone: 4 modules on each side
  return (
    <svg viewBox={`-4 -4 ${box} ${box}`} role="img" aria-label={label} data-qr="" shapeRendering="crispEdges">
      <rect x={-4} y={-4} width={box} height={box} fill="#fff" />
      <path d={toSvgPath(code)} fill="#000" />
    </svg>
  );
}

/** A read-only field with its label and a copy button. */
function CopyField({
  label,
  value,
  multiline,
  copyLabel,
  onCopied,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  copyLabel: string;
  onCopied: (ok: boolean) => void;
}) {
  const id = useId();
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const select = () => ref.current?.select();
  return (
    <div className="share-field">
      <label htmlFor={id}>{label}</label>
      {/* Links and code read left to right in every interface language. */}
      {multiline ? (
        <textarea id={id} ref={ref} readOnly rows={4} dir="ltr" value={value} onFocus={select} spellCheck={false} />
      ) : (
        <input id={id} ref={ref} type="text" readOnly dir="ltr" value={value} onFocus={select} spellCheck={false} />
      )}
      <div className="share-actions">
        <button
          type="button"
          className="button"
          aria-describedby={id}
          data-action="copy"
          onClick={() => void copyText(value, ref.current).then(onCopied)}
        >
          {copyLabel}
        </button>
      </div>
    </div>
  );
}

/** share: the link (copy, the system share sheet, email), a QR code of it, and the way to the embed codes. */
export function ShareModal({ route }: ModalBodyProps) {
  const { i18n } = useLingui();
  const controller = useShareStyles();
  // The link is what the visitor watches when the dialog opens (it does not follow the time).
  const [url] = useState(() => {
    const view = currentView(controller);
    return view ? buildShareUrl(globalThis.location.href, view) : globalThis.location.href;
  });
  const [title] = useState(() => sharedTitle(controller));
  const [status, setStatus] = useState('');
  const copied = (ok: boolean) =>
    setStatus(
      ok
        ? i18n._({ id: 'share.copied', message: 'Copied' })
        : i18n._({ id: 'share.copyFailed', message: 'Select the text and copy it with your keyboard.' }),
    );
  const nativeShare = controller.preferences().dynamicSharing && typeof navigator.share === 'function';
  const subject = title ?? i18n._({ id: 'share.subject', message: 'A video for you' });
  const mailto = `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(url)}`;
  return (
    <>
      <CopyField
        label={i18n._({ id: 'share.link', message: 'Share link' })}
        value={url}
        copyLabel={i18n._({ id: 'share.copyLink', message: 'Copy link' })}
        onCopied={copied}
      />
      <div className="share-actions">
        {nativeShare && (
          <button
            type="button"
            className="button button-secondary"
            data-action="native-share"
            onClick={() => void navigator.share({ title: subject, url }).catch(() => undefined)}
          >
            {i18n._({ id: 'share.native', message: 'Share…' })}
          </button>
        )}
        <a className="button button-secondary" href={mailto} data-action="email">
          {i18n._({ id: 'share.email', message: 'Email link' })}
        </a>
        <button
          type="button"
          className="button button-secondary"
          data-action="embed"
          onClick={() => controller.navigate(paths.modal(route.screenPath ?? '/', 'embed'))}
        >
          {i18n._({ id: 'modal.embed', message: 'Embed' })}
        </button>
      </div>
      <figure className="share-qr">
        <QrCode text={url} label={i18n._({ id: 'share.qr', message: 'QR code' })} />
        <figcaption>
          {i18n._({ id: 'share.qrHint', message: 'Scan the code with a phone to keep watching at home.' })}
        </figcaption>
      </figure>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </>
  );
}

/** An attribute value in HTML source. */
export const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The iframe embed page for the Embed dialog: `embed-url`, else the build's `embed.html` beside the script, but only
 * when that page reaches this player's provider (its player's provider is the script's origin: the page takes no URL
 * from its query). A player whose provider is elsewhere, with no `embed-url`, offers the element code alone: an
 * iframe code that shows "We couldn't reach the content server" is worse than none.
 */
function embedPage(controller: PlayerHandle): URL | undefined {
  // Only an http(s) page (`embed-url="javascript:..."` never reaches the code a clinic copies); a URL that does not
  // parse (`http://[`), or a script URL nothing resolves against (blob:, data:), gives no iframe code.
  const at = (href: string) => {
    const url = safeUrl(href, controller.scriptUrl);
    return url ? new URL(url) : undefined;
  };
  if (controller.embedPage) return at(controller.embedPage);
  const beside = JSON.stringify(resolveHosts(undefined));
  return controller.hosts && JSON.stringify(controller.hosts) !== beside ? undefined : at('embed.html');
}

/** embed: the element's code (script and tag) and the iframe form, for this client, code and language. */
export function EmbedModal() {
  const { i18n } = useLingui();
  const controller = useShareStyles();
  const [status, setStatus] = useState('');
  const { element, iframe } = useMemo(() => {
    const route = controller.currentRoute();
    const language = controller.preferences().menuLanguage;
    const attrs: [string, string][] = [['client', route.client ?? '']];
    if (route.code) attrs.push(['code', route.code]);
    attrs.push(['language', language]);
    const provider = controller.host.getAttribute('provider-url');
    const tag = [...attrs, ...(provider ? [['provider-url', provider] as [string, string]] : [])]
      .map(([k, v]) => ` ${k}="${attr(v)}"`)
      .join('');
    const element =
      `<script type="module" src="${attr(controller.scriptUrl)}"></script>\n` +
      `<patient-ed-player${tag}></patient-ed-player>`;
    const page = embedPage(controller);
    if (!page) return { element, iframe: undefined };
    for (const [k, v] of attrs) page.searchParams.set(k, v);
    const title = i18n._({ id: 'embed.iframeTitle', message: 'Patient education video' });
    const iframe =
      `<iframe src="${attr(page.href)}" title="${attr(title)}" width="960" height="640" ` +
      'allow="autoplay; fullscreen; clipboard-write" allowfullscreen></iframe>';
    return { element, iframe };
  }, [controller, i18n]);
  const copied = (ok: boolean) =>
    setStatus(
      ok
        ? i18n._({ id: 'share.copied', message: 'Copied' })
        : i18n._({ id: 'share.copyFailed', message: 'Select the text and copy it with your keyboard.' }),
    );
  const copy = i18n._({ id: 'embed.copy', message: 'Copy' });
  return (
    <>
      <CopyField
        label={i18n._({ id: 'embed.code', message: 'Embed code' })}
        value={element}
        multiline
        copyLabel={copy}
        onCopied={copied}
      />
      {iframe && (
        <CopyField
          label={i18n._({ id: 'embed.iframe', message: 'Iframe embed code' })}
          value={iframe}
          multiline
          copyLabel={copy}
          onCopied={copied}
        />
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </>
  );
}
