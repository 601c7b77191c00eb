import { useEffect, useState } from 'react';
import { button } from '../components/ui.css';
import { MenuIcon } from '../components/icons';

export interface Props {
  /** The id of the top bar's part that folds away on a narrow screen. */
  menuId: string;
}

/**
 * The top bar's Menu button, shown only on narrow screens (docs/decisions/184): it opens and
 * closes the tabs and account controls, which the server renders as usual. Escape closes it,
 * and the bar's drop-down menus.
 */
export default function TopMenu({ menuId }: Props) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const menu = document.getElementById(menuId);
    if (!menu) return;
    if (open) menu.setAttribute('data-open', '');
    else menu.removeAttribute('data-open');
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, menuId]);
  useEffect(() => {
    // The bar's disclosure menus (<details data-menu>) close on a click elsewhere or Escape.
    const close = (except: EventTarget | null) => {
      for (const menu of document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]'))
        if (!(except instanceof Node && menu.contains(except))) menu.open = false;
    };
    const onClick = (event: MouseEvent) => close(event.target);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(null);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return (
    <button
      type="button"
      className={`${button.secondary} top-menu-button`}
      aria-expanded={open}
      aria-controls={menuId}
      onClick={() => setOpen((o) => !o)}
    >
      <MenuIcon open={open} />
      Menu
    </button>
  );
}
