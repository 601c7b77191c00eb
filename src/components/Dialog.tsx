import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { XIcon } from './icons';
import * as s from './Dialog.css';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, a click on the backdrop and the X button. */
  onClose: () => void;
  title: ReactNode;
  /** A line under the title; it also describes the dialog to screen readers. */
  description?: ReactNode;
  /** Maximum width: sm 28rem, md 36rem, lg 48rem, xl 64rem (the spec's 'about 5xl'). */
  size?: keyof typeof s.panel;
  /** 'alertdialog' for a question that interrupts (a confirmation); 'dialog' otherwise. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
  /** For tests and styling hooks. */
  testId?: string;
}

// Browser-only UI state shared by every open dialog on the page: which one is on top (only it
// answers Escape) and how many hold the scroll lock (a dialog over another keeps the page locked).
const openDialogs: symbol[] = [];
let scrollLocks = 0;

function lockScroll(): () => void {
  scrollLocks += 1;
  document.body.classList.add('scroll-locked');
  return () => {
    scrollLocks -= 1;
    if (scrollLocks === 0) document.body.classList.remove('scroll-locked');
  };
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside the panel, wrapping at either end. Handled on the document, so
 * focus that fell outside (its button was removed, or the user clicked a toast) comes back in.
 */
function trapTab(e: globalThis.KeyboardEvent, panel: HTMLElement): void {
  const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    e.preventDefault();
    panel.focus();
  } else if (!panel.contains(active)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  } else if (e.shiftKey && (active === first || active === panel)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * An accessible modal dialog: role dialog with aria-modal, labelled by its title. Escape, a
 * click on the backdrop and the X button close it; Tab and Shift+Tab cycle inside it; the page
 * does not scroll while it is open; focus moves in on open and back to the opener on close.
 * Dialogs stack: one opened from another sits above it and only the top one answers Escape.
 * Nothing renders while closed, so a page's server HTML holds no hidden dialog content.
 * An element inside marked `data-autofocus` gets the focus on open; otherwise the panel does.
 */
export function Dialog({ open, ...rest }: DialogProps) {
  if (!open) return null;
  return <OpenDialog {...rest} />;
}

function OpenDialog({
  onClose,
  title,
  description,
  size = 'md',
  role = 'dialog',
  children,
  testId,
}: Omit<DialogProps, 'open'>) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const pressedOnBackdrop = useRef(false);
  // The latest onClose, so the mount effect below never re-runs for a new callback.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const me = Symbol('dialog');
    const opener = document.activeElement as HTMLElement | null;
    openDialogs.push(me);
    const unlock = lockScroll();
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel;
    first?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== me || !panel) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
      } else if (e.key === 'Tab') {
        trapTab(e, panel);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(me), 1);
      unlock();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onMouseDown = (e: MouseEvent<HTMLDivElement>) => {
    pressedOnBackdrop.current = e.target === e.currentTarget;
  };
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    // Only a press and release both on the backdrop close it: a text selection that starts
    // inside and ends outside does not. Clicks inside a nested dialog never match here.
    if (e.target === e.currentTarget && pressedOnBackdrop.current) onCloseRef.current();
    pressedOnBackdrop.current = false;
    // React bubbles portal events up its own tree: a click here is not a click on what opened it.
    e.stopPropagation();
  };
  const dialog = (
    <div className={s.overlay} onMouseDown={onMouseDown} onClick={onClick} data-dialog-backdrop="">
      <div
        ref={panelRef}
        className={s.panel[size]}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className={s.header}>
          <div>
            <h2 id={titleId} className={s.title}>
              {title}
            </h2>
            {description ? (
              <div id={descriptionId} className={s.description}>
                {description}
              </div>
            ) : null}
          </div>
          <button
            type="button"
            className={s.close}
            aria-label="Close"
            onClick={() => onCloseRef.current()}
          >
            <XIcon />
          </button>
        </div>
        <div className={s.body}>{children}</div>
      </div>
    </div>
  );
  // Dialogs open only in the browser, after a click; the guard keeps a server render from failing.
  return typeof document === 'undefined' ? dialog : createPortal(dialog, document.body);
}
