/**
 * Hover panels that stay inside the viewport (docs/decisions/311). An element marked
 * `data-float-anchor` shows its `[data-float-panel]` child on hover and focus by CSS, placed
 * below it before scripts run; once this is installed, the panel is placed by Floating UI with a
 * fixed position instead, so a card's edge (overflow) no longer cuts it and it flips above or
 * shifts back inside where the viewport ends. One listener for the whole page, server HTML or
 * island alike. Panels are never made to scroll here: a scrolling box takes a Tab stop.
 *
 * Floating UI itself loads on the first hover or focus of an anchor, not with the page: it was
 * 6.6 KB gzip of every portfolio and Gross Margins visit whether a panel opened or not
 * (docs/decisions/360), and until it places a panel the CSS shows it below its anchor.
 */
let installed = false;
let floatingUi: Promise<typeof import('@floating-ui/dom')> | null = null;

function place(anchor: HTMLElement): void {
  const panel = anchor.querySelector<HTMLElement>(':scope > [data-float-panel]');
  if (!panel) return;
  let left = false;
  let stop = () => {};
  floatingUi ??= import('@floating-ui/dom').catch((error: unknown) => {
    // Offline for a moment: the next hover tries again; the CSS placement holds meanwhile.
    floatingUi = null;
    throw error;
  });
  floatingUi.then(
    (ui) => {
      if (!left) stop = follow(ui, anchor, panel);
    },
    () => {},
  );
  // Placing stops once neither the pointer nor the focus is on the anchor any more.
  const leave = (event: Event) => {
    const next = (event as FocusEvent).relatedTarget;
    if (next instanceof Node && anchor.contains(next)) return;
    if (event.type === 'mouseleave' ? anchor.matches(':focus-within') : anchor.matches(':hover'))
      return;
    left = true;
    stop();
    anchor.removeAttribute('data-floating');
    anchor.removeEventListener('mouseleave', leave);
    anchor.removeEventListener('focusout', leave);
  };
  anchor.addEventListener('mouseleave', leave);
  anchor.addEventListener('focusout', leave);
}

/** Keeps `panel` placed against `anchor` until the returned function is called. */
function follow(
  { autoUpdate, computePosition, flip, offset, shift }: typeof import('@floating-ui/dom'),
  anchor: HTMLElement,
  panel: HTMLElement,
): () => void {
  // Measured as it will be placed: in the CSS placement the panel is as narrow as its anchor
  // allows, so taller, and the first position computed from that left the panel above the
  // viewport until the next update (seen with Floating UI arriving 1.5 s after the focus).
  Object.assign(panel.style, {
    position: 'fixed',
    left: '0px',
    top: '0px',
    right: 'auto',
    bottom: 'auto',
  });
  return autoUpdate(anchor, panel, () => {
    void computePosition(anchor, panel, {
      strategy: 'fixed',
      placement: (anchor.dataset.floatAnchor as 'bottom-start' | 'bottom-end') || 'bottom-start',
      // Below or above; where neither has room for a tall panel, beside the anchor; and then
      // moved along both axes to stay 8 px inside the viewport (a flip alone left a tall panel
      // running off the top).
      middleware: [
        offset(6),
        flip({ padding: 8, fallbackAxisSideDirection: 'start' }),
        shift({ padding: 8, crossAxis: true }),
      ],
    }).then(({ x, y }) => {
      Object.assign(panel.style, { left: `${x}px`, top: `${y}px` });
    });
  });
}

export function keepFloatingPanelsInViewport(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  const onEnter = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const anchor = target?.closest<HTMLElement>('[data-float-anchor]');
    if (!anchor || anchor.hasAttribute('data-floating')) return;
    anchor.setAttribute('data-floating', '');
    place(anchor);
  };
  document.addEventListener('mouseover', onEnter);
  document.addEventListener('focusin', onEnter);
}
