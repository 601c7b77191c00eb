import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import {
  currentToasts,
  dismissToast,
  subscribeToToasts,
  TOAST_DURATION_MS,
  type Toast,
} from '../client/toast';
import * as s from './Toast.css';
import { viewport } from './Toaster.css';

export type Props = Record<string, never>;

/**
 * Past this many pixels of a rightward swipe a toast is dismissed (docs/product-spec.md,
 * "Business constants and limits").
 */
export const SWIPE_THRESHOLD_PX = 50;

const NONE: Toast[] = [];
// The server renders no toast; the store's toasts show once the island has hydrated.
const useToasts = () => useSyncExternalStore(subscribeToToasts, currentToasts, () => NONE);

function ToastItem({ item }: { item: Toast }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const paused = useRef(false);
  const expired = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      expired.current = true;
      if (!paused.current) dismissToast(item.id);
    }, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id]);

  // A toast whose time ran out while hovered or focused goes when the pointer or focus leaves.
  const resume = () => {
    paused.current = false;
    if (expired.current) dismissToast(item.id);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    start.current = e.clientX;
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    setOffset(Math.max(0, e.clientX - start.current));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const moved = e.clientX - start.current;
    start.current = null;
    if (moved > SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else setOffset(0);
  };

  return (
    <div
      className={s.toast[item.variant ?? 'default']}
      role="status"
      aria-live={item.variant === 'destructive' ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-variant={item.variant ?? 'default'}
      style={
        offset
          ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) }
          : undefined
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        start.current = null;
        setOffset(0);
      }}
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={resume}
      // Focus on its Undo holds a toast as hovering does, for keyboard users (F8, then Tab).
      onFocus={() => (paused.current = true)}
      onBlur={resume}
    >
      <div>
        <div className={s.title}>{item.title}</div>
        {item.description ? <div className={s.description}>{item.description}</div> : null}
        {item.action ? (
          <button
            type="button"
            className={s.action}
            onClick={() => {
              dismissToast(item.id);
              item.action?.run();
            }}
          >
            {item.action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        className={s.close}
        aria-label="Close"
        onClick={() => dismissToast(item.id)}
      >
        ×
      </button>
    </div>
  );
}

/** The notification area: one toast at a time; F8 moves focus here. */
export default function Toaster(_props: Props) {
  const toasts = useToasts();
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        region.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section aria-label="Notifications (F8)">
      {/* Not a list: a list item that is a live status is no list item (axe 'list'). */}
      <div ref={region} tabIndex={-1} className={viewport} data-testid="toast-viewport">
        {toasts.map((t) => (
          <ToastItem key={t.id} item={t} />
        ))}
      </div>
    </section>
  );
}
