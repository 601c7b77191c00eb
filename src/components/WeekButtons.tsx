import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { button } from './ui.css';
import * as s from './WeekButtons.css';

export interface WeekButtonsProps {
  onPrevious: () => void;
  onCurrent: () => void;
  onNext: () => void;
  /** Disables 'Current' while the present week is shown. */
  atCurrent?: boolean;
  /**
   * How the previous and next buttons read: 'text' ('Previous', 'Next'), 'text-and-chevrons'
   * (with an arrow beside the word) or 'chevrons' (the arrow alone, named 'Previous week' and
   * 'Next week' for assistive technology).
   */
  look?: 'text' | 'text-and-chevrons' | 'chevrons';
}

/**
 * The week navigator's buttons (docs/product-spec.md, "Screens and routes"): one week back, the
 * present week, one week on.
 */
export function WeekButtons({
  onPrevious,
  onCurrent,
  onNext,
  atCurrent,
  look = 'text',
}: WeekButtonsProps) {
  return (
    <div className={s.weekButtons}>
      {look === 'chevrons' ? (
        <button
          type="button"
          className={button.secondary}
          onClick={onPrevious}
          aria-label="Previous week"
        >
          <ChevronLeftIcon />
        </button>
      ) : (
        <button type="button" className={button.secondary} onClick={onPrevious}>
          {look === 'text-and-chevrons' ? <ChevronLeftIcon size={16} /> : null}
          Previous
        </button>
      )}
      <button type="button" className={button.secondary} onClick={onCurrent} disabled={atCurrent}>
        Current
      </button>
      {look === 'chevrons' ? (
        <button type="button" className={button.secondary} onClick={onNext} aria-label="Next week">
          <ChevronRightIcon />
        </button>
      ) : (
        <button type="button" className={button.secondary} onClick={onNext}>
          Next
          {look === 'text-and-chevrons' ? <ChevronRightIcon size={16} /> : null}
        </button>
      )}
    </div>
  );
}
