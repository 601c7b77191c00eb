/**
 * docs/product-spec.md, "Business constants and limits": one toast at a time, shown for 5000 ms.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /**
   * One button beside the text, for an Undo that is real: pressing it runs `run` and closes the
   * toast. It lasts as long as the toast (longer while hovered).
   */
  action?: { label: string; run: () => void };
}

// One store for the whole page: every island's chunk shares this module.
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(input: Omit<Toast, 'id'>): number {
  const id = nextId++;
  toasts = [{ ...input, id }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Calls `listener` on every change; returns the function that stops it. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts showing now (a new array after each change). */
export const currentToasts = (): Toast[] => toasts;
