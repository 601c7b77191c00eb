import type { ReactNode } from 'react';
import { Dialog } from './Dialog';
import { button } from './ui.css';
import * as s from './ConfirmDialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in one or two sentences: read out when the dialog opens. */
  description: ReactNode;
  /** The confirm button's text: the action itself ('Revoke access'), never 'OK'. */
  confirmLabel: string;
  /** 'danger' for what cannot be taken back with one click. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

/**
 * Asks before an action that is hard to take back. Focus starts on Cancel, so a second Enter
 * pressed by habit does nothing harmful; Escape, the X and the backdrop cancel; Enter or Space
 * on the confirm button confirms.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  tone = 'danger',
  onConfirm,
  onCancel,
  testId,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      size="sm"
      role="alertdialog"
      testId={testId}
    >
      <div className={s.actions}>
        <button type="button" className={button.secondary} onClick={onCancel} data-autofocus="">
          Cancel
        </button>
        <button type="button" className={button[tone]} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
