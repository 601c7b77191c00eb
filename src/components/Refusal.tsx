import { type ReactElement, useId } from 'react';
import { type Ability, refusalFor, type Role } from '../shared/roles';
import { visuallyHidden } from './ui.css';

/** What a control needs when the role may not use it, or nothing when it may. */
export interface Refusal {
  /** The reason, as the server's 403 says it; null when the role may. */
  reason: string | null;
  /**
   * Spread on the control: aria-disabled (not `disabled`, so it stays focusable and its reason
   * reaches keyboard and screen reader users), the reason as its title on hover, and
   * aria-describedby pointing at the reason's text.
   */
  attrs: { 'aria-disabled'?: true; title?: string; 'aria-describedby'?: string };
  /** The reason's text, hidden but read by screen readers; render it next to the control. */
  note: ReactElement | null;
}

/**
 * The role model on a control (docs/decisions/164-roles-and-abilities.md): a role that may not
 * use it sees it greyed, with the reason on hover and focus. The server refuses regardless;
 * the role comes from the server as an island prop.
 *
 * @example const remove = useRefusal(role, 'project.remove');
 *          <button {...remove.attrs} onClick={() => remove.reason || go()}>Remove</button>{remove.note}
 */
export function useRefusal(role: Role, ability: Ability): Refusal {
  const id = useId();
  const reason = refusalFor(role, ability);
  if (!reason) return { reason: null, attrs: {}, note: null };
  return {
    reason,
    attrs: { 'aria-disabled': true, title: reason, 'aria-describedby': id },
    note: (
      <span id={id} className={visuallyHidden}>
        {reason}
      </span>
    ),
  };
}
