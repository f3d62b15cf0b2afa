/** The search dialog's query box: the input, search and clear buttons, and the voice button. */
import type { I18n } from '@lingui/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchBox } from 'react-instantsearch-core';
import { MAX_QUERY_LENGTH } from './fields.js';
import { Icon, ICONS } from './search-icons';
import { VoiceButton } from './search-voice-button';

export interface SearchBoxProps {
  i18n: I18n;
  language: string;
  /** The query of a search route reached from elsewhere (RouteSync), for the box to show even while focused. */
  externalRef: { current: string | undefined };
}

/**
 * The search box (on useSearchBox, not the ready-made widget: inside a shadow root that widget's focus check
 * fails and a stale query can overwrite what is being typed), with the voice button.
 */
export function SearchBox({ i18n, language, externalRef }: SearchBoxProps) {
  const { query, refine, clear } = useSearchBox();
  const [value, setValue] = useState(query);
  const input = useRef<HTMLInputElement>(null);
  /** Words heard but not final yet (searched when listening ends without a final phrase). */
  const interim = useRef<string>(undefined);
  // The query changed elsewhere: shown unless the visitor is typing; a route reached from elsewhere (the
  // host navigates) always wins.
  useEffect(() => {
    const el = input.current;
    const typing = el && (el.getRootNode() as Document | ShadowRoot).activeElement === el;
    if (externalRef.current === query) externalRef.current = undefined;
    // A change of the visitor's own query arriving in between (their last keystroke's answer) leaves the route's
    // query to come: it is cleared only once shown, or the box would keep what the visitor typed.
    else if (typing) return;
    setValue(query);
  }, [query, externalRef]);
  useEffect(() => {
    input.current?.focus();
  }, []);
  const set = (text: string) => {
    interim.current = undefined;
    const next = text.slice(0, MAX_QUERY_LENGTH);
    setValue(next);
    refine(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    refine(value);
  };
  return (
    <>
      <form
        className="search-form"
        role="search"
        noValidate
        onSubmit={submit}
        onReset={(e) => (e.preventDefault(), set(''), clear(), input.current?.focus())}
      >
        <input
          ref={input}
          className="search-input"
          type="search"
          name="search"
          value={value}
          onChange={(e) => set(e.currentTarget.value)}
          placeholder={i18n._({ id: 'search.placeholder', message: 'Search here…' })}
          aria-label={i18n._({ id: 'search.label', message: 'Search videos and presentations' })}
          maxLength={MAX_QUERY_LENGTH}
          spellCheck={false}
          autoCorrect="off"
          autoCapitalize="off"
          autoComplete="off"
          enterKeyHint="search"
          required
        />
        <button
          type="submit"
          className="search-icon-button"
          title={i18n._({ id: 'search.submit', message: 'Search' })}
          aria-label={i18n._({ id: 'search.submit', message: 'Search' })}
        >
          <Icon d={ICONS.search} />
        </button>
        <button
          type="reset"
          className="search-icon-button"
          title={i18n._({ id: 'search.clear', message: 'Clear' })}
          aria-label={i18n._({ id: 'search.clear', message: 'Clear' })}
          hidden={!value}
        >
          <Icon d={ICONS.clear} />
        </button>
        <VoiceButton
          i18n={i18n}
          language={language}
          onHeard={(text, final) => {
            // Heard so far: shown; a final phrase (or the last one heard when listening ends) searches.
            if (final) return set(text);
            interim.current = text.slice(0, MAX_QUERY_LENGTH);
            setValue(interim.current);
          }}
          onEnd={() => {
            if (interim.current !== undefined) set(interim.current);
            interim.current = undefined;
          }}
        />
      </form>
    </>
  );
}
