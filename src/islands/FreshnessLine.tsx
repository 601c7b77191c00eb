import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { onEveryMinute } from '../client/every-minute';
import { onSynced } from '../client/synced';
import { toast } from '../client/toast';
import { Freshness } from '../components/Freshness';
import { button } from '../components/ui.css';
import {
  type Freshness as FreshnessData,
  refreshDue,
  type SyncedSource,
  syncedSince,
} from '../shared/freshness';

export interface Props {
  /** As the page was read, with the server's `now`. */
  freshness: FreshnessData;
  isAdmin: boolean;
  /** The synced copies the page reads, asked for again after a sync. */
  sources: SyncedSource[];
}

/** While a run works, its end is asked for this often. */
const RUN_POLL_MS = 2_000;

/**
 * A page's freshness line, live (docs/decisions/356): its ages count up every minute, and it
 * reads them again (GET /api/freshness) after a card's Sync Billing, while a run works, and once a
 * source is older than the refresh interval the line states. When a read finds data newer than
 * the page's, the page's islands read theirs again, so the numbers and the line beside them stay
 * of one age. Admins start a run from here with Sync now.
 */
export default function FreshnessLine({ freshness: initial, isAdmin, sources }: Props) {
  const queryClient = useQueryClient();
  const [freshness, setFreshness] = useState(initial);
  // The line ages from the server's `now` by the time passed on the browser's clock since the
  // read: the first render is the server's HTML exactly, and a browser clock set wrong is harmless.
  const [elapsed, setElapsed] = useState(0);
  const [failedReads, setFailedReads] = useState(0);
  const [starting, setStarting] = useState(false);
  const current = useRef(initial);
  const readAt = useRef<number | null>(null);
  const path = `/api/freshness?sources=${sources.join(',')}`;

  const read = useCallback(async () => {
    try {
      const next = await apiRequest<FreshnessData>('GET', path);
      const before = current.current;
      current.current = next;
      readAt.current = Date.now();
      setElapsed(0);
      setFailedReads(0);
      setFreshness(next);
      if (syncedSince(before, next)) void queryClient.invalidateQueries();
    } catch {
      // The line keeps its last ages; a run in progress is asked about again below.
      setFailedReads((n) => n + 1);
    }
  }, [path, queryClient]);

  useEffect(() => {
    readAt.current ??= Date.now();
    const stopTicking = onEveryMinute(() => {
      const passed = Date.now() - (readAt.current ?? Date.now());
      setElapsed(passed);
      const now = new Date(Date.parse(current.current.now) + passed);
      if (!document.hidden && !current.current.running && refreshDue(current.current, now))
        void read();
    });
    const stopListening = onSynced(() => void read());
    return () => {
      stopTicking();
      stopListening();
    };
  }, [read]);

  // failedReads re-arms the poll after a dropped answer while the run goes on.
  useEffect(() => {
    if (!freshness.running) return;
    const timer = setTimeout(() => void read(), RUN_POLL_MS * (failedReads > 0 ? 3 : 1));
    return () => clearTimeout(timer);
  }, [freshness, failedReads, read]);

  const syncNow = async () => {
    setStarting(true);
    try {
      // A run already in progress is the answer too: the line follows it to its end.
      await apiRequest('POST', '/api/admin/sync');
      await read();
    } catch (error) {
      toast({
        title: 'Sync Failed',
        description: serverMessage(error, 'The sync could not be started.'),
        variant: 'destructive',
      });
    } finally {
      setStarting(false);
    }
  };

  const shown = elapsed
    ? { ...freshness, now: new Date(Date.parse(freshness.now) + elapsed).toISOString() }
    : freshness;
  return (
    <Freshness
      freshness={shown}
      isAdmin={isAdmin}
      action={
        isAdmin && !freshness.running ? (
          <button
            type="button"
            className={button.link}
            onClick={() => void syncNow()}
            disabled={starting}
          >
            {starting ? 'Starting…' : 'Sync now'}
          </button>
        ) : null
      }
    />
  );
}
