/**
 * A row of tabs that scrolls sideways on a narrow screen (`[data-tab-row]`) opens scrolled to its
 * current tab, so the page's own tab is in view; the page itself never scrolls for it.
 */
export function showCurrentTabs(root: ParentNode = document): void {
  for (const row of root.querySelectorAll<HTMLElement>('[data-tab-row]')) {
    const current = row.querySelector<HTMLElement>('[aria-current="page"]');
    if (!current || row.scrollWidth <= row.clientWidth) continue;
    const rowBox = row.getBoundingClientRect();
    const box = current.getBoundingClientRect();
    if (box.left < rowBox.left || box.right > rowBox.right)
      row.scrollLeft += box.left - rowBox.left - (rowBox.width - box.width) / 2;
  }
}
