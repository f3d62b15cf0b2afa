/** The search box's voice button and its status line. */
import type { I18n } from '@lingui/core';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Icon, ICONS } from './search-icons';
import { recognitionConstructor, VoiceSearch, type VoiceState } from './voice';

/** Voice search: idle, listening, error or denied, each shown and announced; disabled without support. */
export function VoiceButton({
  i18n,
  language,
  onHeard,
  onEnd,
}: {
  i18n: I18n;
  language: string;
  onHeard: (text: string, final: boolean) => void;
  onEnd: () => void;
}) {
  const [state, setState] = useState<VoiceState>('idle');
  const heard = useRef({ onHeard, onEnd });
  useLayoutEffect(() => {
    heard.current = { onHeard, onEnd };
  });
  // The recogniser's callbacks read the ref when it reports, never during render.
  // eslint-disable-next-line react-hooks/refs
  const [voice] = useState(() => {
    const ctor = recognitionConstructor();
    return ctor
      ? new VoiceSearch(ctor, {
          onState: (s) => {
            setState(s);
            if (s !== 'listening') heard.current.onEnd();
          },
          onTranscript: (t, f) => heard.current.onHeard(t, f),
        })
      : undefined;
  });
  useEffect(() => () => voice?.dispose(), [voice]);
  const statusId = useId();
  const title = voice
    ? i18n._({ id: 'search.voice', message: 'Search by voice' })
    : i18n._({ id: 'search.voiceUnsupported', message: 'Search by voice (not supported on this browser)' });
  const message =
    state === 'listening'
      ? i18n._({ id: 'search.voiceListening', message: 'Listening… speak now.' })
      : state === 'denied'
        ? i18n._({ id: 'search.voiceDenied', message: 'Microphone access denied' })
        : state === 'error'
          ? i18n._({ id: 'search.voiceError', message: 'Voice search did not work. Try again.' })
          : '';
  return (
    <>
      <button
        type="button"
        className="search-icon-button"
        data-voice-button=""
        title={title}
        aria-label={title}
        aria-pressed={state === 'listening'}
        aria-describedby={statusId}
        disabled={!voice}
        onClick={() => (state === 'listening' ? voice?.stop() : voice?.start(language))}
      >
        <Icon d={state === 'denied' ? ICONS.micOff : ICONS.mic} />
      </button>
      <span className="search-voice-status" id={statusId} role="status" data-voice={state}>
        {state === 'denied' && <Icon d={ICONS.micOff} />}
        {message}
      </span>
    </>
  );
}
