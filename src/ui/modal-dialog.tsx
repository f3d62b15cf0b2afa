import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalDialogProps {
  /** `dialog` traps focus (the stage behind is inert); `overlay` leaves the stage live beside it. */
  presentation?: 'dialog' | 'overlay';
  /** The modal route's name (for styling and tests). */
  name?: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** What takes the focus when the dialog opens (a selector inside it); the dialog itself otherwise. */
  initialFocus?: string;
  children?: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]';

/**
 * Where Tab stops inside `root`, in order: focusable, shown, not taken out of the order (`tabindex="-1"`), and of
 * a radio group only the checked radio (the first when none is), as the browser's own Tab does. Counting every radio
 * made the trap miss the last stop, and Tab left the dialog for the page.
 */
export function tabStops(root: HTMLElement): HTMLElement[] {
  const all = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      el.getAttribute('tabindex') !== '-1' &&
      !el.closest('[inert]') &&
      el.getClientRects().length > 0,
  );
  const radios = new Map<string, HTMLInputElement[]>();
  for (const el of all) {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) continue;
    const group = radios.get(el.name) ?? [];
    group.push(el);
    radios.set(el.name, group);
  }
  return all.filter((el) => {
    const group = el instanceof HTMLInputElement && el.type === 'radio' && el.name ? radios.get(el.name) : undefined;
    return !group || el === (group.find((r) => r.checked) ?? group[0]);
  });
}

/**
 * Modal dialog: focus moves in, Tab is trapped, Escape closes. As an overlay, Tab is not trapped (the
 * stage stays live) but Escape is the same. Where the focus returns is the modal layer's business.
 */
export function ModalDialog({
  presentation = 'dialog',
  name,
  title,
  closeLabel,
  onClose,
  initialFocus,
  children,
}: ModalDialogProps) {
  const modal = presentation === 'dialog';
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const target = initialFocus ? ref.current?.querySelector<HTMLElement>(initialFocus) : null;
    (target ?? ref.current)?.focus();
    // Only when the dialog opens: a re-render never moves the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      // The key is this dialog's: not the page's shortcuts (stopPropagation), and not the page's own modal <dialog>
      // around the player either, which a browser closes on an Escape keydown nobody cancelled (preventDefault).
      event.stopPropagation();
      event.preventDefault();
      onClose();
      return;
    }
    if (!modal || event.key !== 'Tab' || !ref.current) return;
    const items = tabStops(ref.current);
    if (items.length === 0) return event.preventDefault();
    const root = ref.current.getRootNode() as ShadowRoot | Document;
    const active = root.activeElement;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && (active === first || active === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    // The dialog pattern: the dialog itself closes on Escape and keeps Tab inside it, for whatever control has the
    // focus.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      className={`modal modal-${presentation}`}
      part="dialog"
      role="dialog"
      aria-modal={modal}
      aria-labelledby={titleId}
      data-modal-name={name}
      tabIndex={-1}
      ref={ref}
      onKeyDown={onKeyDown}
    >
      <div className="modal-header">
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <button type="button" className="button button-icon" aria-label={closeLabel} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="modal-body">{children}</div>
    </div>
  );
}
