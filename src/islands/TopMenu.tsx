import { useEffect, useState } from 'react';
import { button } from '../components/ui.css';
import { MenuIcon } from '../components/icons';

export interface Props {
  /** The id of the top bar's part that folds away on a narrow screen. */
  menuId: string;
}

/**
 * The top bar's Menu button, shown only on narrow screens (docs/decisions/184): it opens and
 * closes the tabs and account controls, which the server renders as usual. Escape closes it.
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
