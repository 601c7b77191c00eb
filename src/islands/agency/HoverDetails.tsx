import { useEffect, useState, type ReactNode } from 'react';
import { keepFloatingPanelsInViewport } from '../../client/floating';
import * as s from './HoverDetails.css';

export interface HoverDetailsProps {
  /** Unique in the page: ties the trigger to its details for screen readers. */
  id: string;
  /** The value shown in place; a button, so keyboard users can focus it. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its text alone is not enough ('Internal cost $405'). */
  triggerLabel?: string;
  triggerClassName?: string;
  title: string;
  children: ReactNode;
}

/**
 * Details that open on hover and on keyboard focus, and close with Escape (the hovers of
 * docs/product-spec.md, "Agency Dashboard"). The details are always in the page and described by
 * the trigger; CSS decides when they show.
 */
export function HoverDetails({
  id,
  trigger,
  triggerLabel,
  triggerClassName,
  title,
  children,
}: HoverDetailsProps) {
  const [dismissed, setDismissed] = useState(false);
  useEffect(keepFloatingPanelsInViewport, []);
  return (
    <div
      className={s.wrap}
      data-float-anchor="bottom-end"
      data-dismissed={dismissed ? '' : undefined}
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      <button
        type="button"
        className={triggerClassName ? `${s.trigger} ${triggerClassName}` : s.trigger}
        aria-label={triggerLabel}
        aria-describedby={id}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setDismissed(true);
        }}
      >
        {trigger}
      </button>
      <div className={s.details} role="tooltip" id={id} data-float-panel="">
        <div className={s.title}>{title}</div>
        {children}
      </div>
    </div>
  );
}
