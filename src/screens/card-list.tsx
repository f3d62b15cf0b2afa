import { useLingui } from '@lingui/react';
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { nearViewport, NearViewportContext } from '../ui/thumbnail';
import { countText, countValues } from '../i18n/count';

/** Cards rendered at first, and added by each "Show more" (or scroll near the end of the list). */
export const MENU_PAGE = 48;

export interface CardListProps {
  kind: 'sections' | 'videos';
  /** The list's accessible name. */
  label: string;
  total: number;
  /** The `<li>` of the card at `index` (only rendered cards are asked for). */
  card: (index: number) => ReactNode;
}

/**
 * A grid of cards that renders the first MENU_PAGE and more on demand: the next page when the visitor scrolls near
 * its end, or presses "Show more" (a real button, for keyboard and screen reader users; it takes the focus to the
 * first card it added). A status line says how many are shown. A collection of 20,000 items costs what 48 do.
 */
export function CardList({ kind, label, total, card }: CardListProps) {
  const { i18n } = useLingui();
  // One watcher for the list's thumbnails (they load as they come near the viewport).
  const near = useMemo(() => nearViewport(), []);
  useEffect(() => near.disconnect, [near]);
  const [shown, setShown] = useState(MENU_PAGE);
  const visible = Math.min(shown, total);
  const list = useRef<HTMLUListElement>(null);
  const footer = useRef<HTMLDivElement>(null);
  const more = useRef<HTMLButtonElement>(null);
  /** The index of the card to focus once rendered (after Show more). */
  const focusAt = useRef<number | null>(null);
  const hasFocus = (el: HTMLElement | null) =>
    Boolean(el) && (el!.getRootNode() as Document | ShadowRoot).activeElement === el;
  const nextPage = (focus: boolean) => {
    if (visible >= total) return;
    // Show more focuses the first new card; so does the last page while the button has the focus (it goes away).
    if (focus || (visible + MENU_PAGE >= total && hasFocus(more.current))) focusAt.current = visible;
    setShown(visible + MENU_PAGE);
  };
  useLayoutEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    list.current?.children[at]?.querySelector<HTMLElement>('button')?.focus();
  }, [visible]);
  // Near the end of the list (the footer comes within a screen of the viewport), the next page. A new observer per
  // page: its first report says whether the footer is still near (a tall screen fills up page by page). Not while the
  // Show more button has the focus: a keyboard user decides there, and the button stays where it is.
  const nearEnd = useEffectEvent(() => nextPage(false));
  useEffect(() => {
    const target = footer.current;
    if (!target || visible >= total || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting) || hasFocus(more.current)) return;
        observer.disconnect();
        nearEnd();
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [visible, total]);
  const cards: ReactNode[] = [];
  for (let i = 0; i < visible; i++) cards.push(card(i));
  const values = { ...countValues(i18n.locale, total), shownText: countText(i18n.locale, visible) };
  return (
    <>
      <ul ref={list} className={kind === 'sections' ? 'menu-sections' : 'menu-items'} aria-label={label}>
        <NearViewportContext.Provider value={near.watch}>{cards}</NearViewportContext.Provider>
      </ul>
      {total > MENU_PAGE && (
        <div ref={footer} className="menu-more" data-more={kind}>
          <p className="menu-shown" role="status">
            {kind === 'sections'
              ? i18n._({
                  id: 'menu.shownSections',
                  message:
                    '{category, select, one {Showing {shownText} of {countText} section} ' +
                    'other {Showing {shownText} of {countText} sections}}',
                  values,
                })
              : i18n._({
                  id: 'menu.shownVideos',
                  message:
                    '{category, select, one {Showing {shownText} of {countText} video} ' +
                    'other {Showing {shownText} of {countText} videos}}',
                  values,
                })}
          </p>
          {visible < total && (
            <button ref={more} type="button" className="button menu-more-button" onClick={() => nextPage(true)}>
              {kind === 'sections'
                ? i18n._({ id: 'menu.moreSections', message: 'Show more sections' })
                : i18n._({ id: 'menu.moreVideos', message: 'Show more videos' })}
            </button>
          )}
        </div>
      )}
    </>
  );
}
