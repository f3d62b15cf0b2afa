import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalDialogProps {
  /** `dialog` traps focus (the stage behind is inert); `overlay` leaves the stage live beside it. */
  kind?: 'dialog' | 'overlay';
  /** The modal route's name (for styling and tests). */
  name?: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children?: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Modal dialog: focus moves in, Tab is trapped, Escape closes, focus returns to where it was. As an
 * overlay, Tab is not trapped (the stage stays live) but Escape and the focus return are the same.
 */
export function ModalDialog({ kind = 'dialog', name, title, closeLabel, onClose, children }: ModalDialogProps) {
  const modal = kind === 'dialog';
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const root = ref.current?.getRootNode() as Document | ShadowRoot | undefined;
    const previous = root?.activeElement as HTMLElement | null | undefined;
    ref.current?.focus();
    return () => {
      if (previous && previous.isConnected) previous.focus();
    };
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
    <div className={`modal modal-${kind}`} role="dialog" aria-modal={modal} aria-labelledby={titleId} data-modal-name={name} tabIndex={-1} ref={ref} onKeyDown={onKeyDown}>
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
