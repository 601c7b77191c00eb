/**
 * The page's one event stream (GET /api/events, docs/decisions/402-live-pages.md), opened when
 * the first listener asks and shared by every island on the page. A listener hears each change
 * the server lets this person see, and `null` after the stream came back from a drop: whatever
 * changed meanwhile is then read again.
 */
import { LIVE_EVENT, type LiveEvent } from '../shared/live';

export type LiveListener = (change: LiveEvent | null) => void;

const listeners = new Set<LiveListener>();
let source: EventSource | null = null;

function open(): void {
  if (source || typeof EventSource === 'undefined') return;
  let readyBefore = false;
  source = new EventSource('/api/events');
  source.addEventListener(LIVE_EVENT.ready, () => {
    // The browser reconnects by itself (sending its last id); the first ready is the page's own.
    if (readyBefore) for (const l of listeners) l(null);
    readyBefore = true;
  });
  source.addEventListener(LIVE_EVENT.change, (message) => {
    let change: LiveEvent;
    try {
      change = JSON.parse((message as MessageEvent<string>).data) as LiveEvent;
    } catch {
      return;
    }
    for (const l of listeners) l(change);
  });
}

/** Calls `listener` with each change this page may hear of; returns the function that stops it. */
export function onLiveChange(listener: LiveListener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = null;
    }
  };
}
