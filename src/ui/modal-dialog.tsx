import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalDialogProps {
  /** `dialog` traps focus (the stage behind is inert); `overlay` leaves the stage live beside it. */
  kind?: 'dialog' | 'overlay';
  /** The modal route's name (for styling and tests). */
  name?: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** What takes the focus when the dialog opens (a selector inside it); the dialog itself otherwise. */
  initialFocus?: string;
  children?: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Modal dialog: focus moves in, Tab is trapped, Escape closes. As an overlay, Tab is not trapped (the
 * stage stays live) but Escape is the same. Where the focus returns is the modal layer's business.
 */
export function ModalDialog({ kind = 'dialog', name, title, closeLabel, onClose, initialFocus, children }: ModalDialogProps) {
  const modal = kind === 'dialog';
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
      event.stopPropagation();
      onClose();
      return;
    }
    if (!modal || event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
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
    <div className={`modal modal-${kind}`} part="dialog" role="dialog" aria-modal={modal} aria-labelledby={titleId} data-modal-name={name} tabIndex={-1} ref={ref} onKeyDown={onKeyDown}>
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
