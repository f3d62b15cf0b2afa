import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useSnapshot } from 'valtio';
import { usePlayer } from './player-context';
import type { NoticeKey } from '../state/player-store';

/** The notices' texts, translated. */
export function noticeText(i18n: I18n, key: NoticeKey): string {
  switch (key) {
    case 'screenshotDisabled':
      return i18n._({
        id: 'notice.screenshotDisabled',
        message: 'Use your system to capture an image of this screen.',
      });
    case 'voFallback':
      return i18n._({
        id: 'notice.voFallback',
        message:
          'Your selected video language preference is not available for this video. ' +
          'Video will play in English as a fallback.',
      });
    case 'ccFallback':
      return i18n._({
        id: 'notice.ccFallback',
        message: 'If a video does not support your selected language, subtitles will display in English.',
      });
    case 'restricted':
      return i18n._({
        id: 'notice.restricted',
        message: 'The video was unable to be played due to a device restriction.',
      });
    case 'youtubeScript':
      return i18n._({ id: 'notice.youtubeScript', message: 'YouTube API load error.' });
    case 'vimeoScript':
      return i18n._({ id: 'notice.vimeoScript', message: 'Vimeo API load error.' });
    case 'sourceError':
      return i18n._({ id: 'notice.sourceError', message: 'This video could not be loaded. Please try again later.' });
    case 'vendorError':
      return i18n._({ id: 'notice.vendorError', message: 'This video is not available.' });
    case 'mediaError':
      return i18n._({ id: 'notice.mediaError', message: 'This video could not be played.' });
  }
}

/** A notice's headline, when it has one. */
export function noticeHeadline(i18n: I18n, key: NoticeKey): string | undefined {
  return key === 'screenshotDisabled'
    ? i18n._({ id: 'notice.screenshotDisabledHeadline', message: 'Screenshot Disabled' })
    : undefined;
}

/** One notice; the engine removes it after 5000 ms (on the player's clock). */
function Notice({ id, kind, text, headline }: { id: number; kind: 'info' | 'error'; text: string; headline?: string }) {
  return (
    <li className={`notice notice-${kind}`} data-notice-id={id}>
      {headline && <strong className="notice-headline">{headline}</strong>}
      {headline ? ' ' : ''}
      <span className="notice-text">{text}</span>
    </li>
  );
}

/** The notices shown now (inside the shell's live region); their texts come with the player's chunks. */
const NOTICE_CSS = /* css */ `
.notice-list {
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: .4em;
}
.notice {
  background: #1d2433;
  color: #fff;
  padding: .6em .9em;
  border-radius: var(--ped-radius);
  max-width: 32em;
  box-shadow: 0 4px 14px rgb(0 0 0 / .3);
}
.notice-error { background: #8a1c1c; }
`;

export function NoticeList() {
  const { i18n } = useLingui();
  const { controller } = usePlayer();
  controller.adoptStyles('notices', NOTICE_CSS);
  const { notifications } = useSnapshot(controller.state);
  return (
    <ul className="notice-list">
      {notifications.map((n) => (
        <Notice
          key={n.id}
          id={n.id}
          kind={n.kind}
          text={noticeText(i18n, n.key)}
          headline={noticeHeadline(i18n, n.key)}
        />
      ))}
    </ul>
  );
}
