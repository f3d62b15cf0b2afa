/**
 * Measures the control bar and fits it to its width (the rule is ./control-layout.ts): which optional controls stay
 * in the row, which go to the More menu, and whether the volume slider hides.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { layoutControlRow, sameLayout, type ControlRowLayout } from './control-layout';

/** Before the first measurement: every control in one row. */
const ONE_ROW: ControlRowLayout = { inline: Number.MAX_SAFE_INTEGER, hideVolume: false, wrapped: false };

/**
 * How much larger than its layout size `el` is drawn: a page may scale the player with a CSS transform (a page
 * builder's zoom), and bounding boxes are drawn sizes while gaps and computed widths are layout sizes.
 */
export function drawnScale(el: HTMLElement): number {
  const drawn = el.getBoundingClientRect().width;
  return el.offsetWidth > 0 && drawn > 0 ? drawn / el.offsetWidth : 1;
}

/** Sum of the layout widths of some elements (drawn at `scale`), with the row's gap between each two. */
function span(elements: Iterable<Element>, gap: number, scale: number): number {
  let total = 0;
  let n = 0;
  for (const el of elements) {
    total += el.getBoundingClientRect().width / scale;
    n++;
  }
  return n ? total + gap * (n - 1) : 0;
}

/**
 * Fits the control bar to its width (the rule is src/screens/control-layout.ts): measured after every
 * render of the bar and whenever the row or the time readout changes size.
 */
export function useControlRowLayout(count: number) {
  const row = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<ControlRowLayout>(ONE_ROW);
  const shown = useRef(layout);
  /** The layout last set (shown, or about to be). */
  const latest = useRef(layout);
  const refocus = useRef<string | null>(null);
  const measure = useCallback(() => {
    const el = row.current;
    const play = el?.querySelector('[data-control="play"]');
    const volume = el?.querySelector('.volume');
    if (!el || !play || !volume) return;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    const slider = getComputedStyle(volume); // its width even while hidden, and a range input's margins
    // Everything in layout pixels: drawn sizes divided by the page's scale, if it transforms the player.
    const scale = drawnScale(el);
    const next = layoutControlRow({
      // A pixel kept free: widths are fractional, and a row that fits by a hair may still wrap.
      available: el.getBoundingClientRect().width / scale - 1,
      gap,
      start: span(el.querySelectorAll('[data-group="start"] > *'), gap, scale),
      // The spacer has no width in one row (it grows only on a row of its own) but a gap of its own.
      pinned: span(el.querySelectorAll('[data-pinned]'), gap, scale) + gap,
      volume:
        (parseFloat(slider.width) || 0) + (parseFloat(slider.marginLeft) || 0) + (parseFloat(slider.marginRight) || 0),
      slot: play.getBoundingClientRect().width / scale + gap,
      count,
    });
    // A focused control about to move keeps the focus where it went: into the menu -> on More; out of the menu ->
    // on its button in the row; More going away -> on the first control that came out.
    const focused = (el.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement | null;
    if (focused && el.contains(focused) && !sameLayout(shown.current, next)) {
      const index = focused.dataset.optional === undefined ? undefined : Number(focused.dataset.optional);
      const inMenu = focused.classList.contains('more-item');
      const inRow = (i: number) => `[data-group="end"] > [data-optional="${Math.min(i, count - 1)}"]`;
      if (index !== undefined && !inMenu && index >= next.inline) refocus.current = '[data-control="more"]';
      else if (index !== undefined && inMenu && index < next.inline) refocus.current = inRow(index);
      else if (focused.dataset.control === 'more' && next.inline >= count)
        refocus.current = inRow(shown.current.inline);
    }
    // Only a layout that changes is set: an equal one would still run the bar again (React bails out of an equal
    // state only after rendering the component when an update was pending), once per measurement.
    if (sameLayout(latest.current, next)) return;
    latest.current = next;
    setLayout(next);
  }, [count]);
  useLayoutEffect(() => {
    shown.current = layout;
    const target = refocus.current ? row.current?.querySelector<HTMLElement>(refocus.current) : null;
    refocus.current = null;
    target?.focus();
  });
  useLayoutEffect(measure);
  useEffect(() => {
    const el = row.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(el);
    const time = el.querySelector('[data-control="time"]');
    if (time) observer.observe(time);
    return () => observer.disconnect();
  }, [measure]);
  return { row, layout };
}
