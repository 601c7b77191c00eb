import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { onEveryMinute } from '../client/every-minute';
import { onLiveChange } from '../client/live';
import { muted } from '../components/ui.css';
import { updatedText } from '../shared/live';

export interface Props {
  /** On a project's own page: only changes to this project (or the whole agency) are read again. */
  projectId?: number;
}

export const LIVE_UPDATED_TEST_ID = 'live-updated';

/**
 * Keeps an open page's figures current (docs/decisions/402-live-pages.md): when the server says
 * figures moved, the page's islands read their calls again, which puts the changed figures in
 * place, and the page says "Updated just now". After a dropped stream comes back, everything is
 * read again, whatever it missed.
 */
export default function LiveUpdates({ projectId }: Props) {
  const queryClient = useQueryClient();
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // How many re-reads have put changes in place (the bench times a change to the next one).
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let reading: Promise<void> | null = null;
    let again = false;
    // One read at a time; changes arriving meanwhile make one more read, not one each.
    const reread = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = queryClient
        .invalidateQueries()
        .catch(() => {})
        .then(() => {
          const at = Date.now();
          setUpdatedAt(at);
          setNow(at);
          setReads((n) => n + 1);
          reading = null;
          if (again) {
            again = false;
            reread();
          }
        });
    };
    const stopListening = onLiveChange((change) => {
      if (
        change &&
        projectId !== undefined &&
        change.projectIds.length > 0 &&
        !change.projectIds.includes(projectId)
      )
        return;
      reread();
    });
    const stopTicking = onEveryMinute(() => setNow(Date.now()));
    return () => {
      stopListening();
      stopTicking();
    };
  }, [queryClient, projectId]);

  return (
    <span className={muted} role="status" data-testid={LIVE_UPDATED_TEST_ID} data-reads={reads}>
      {updatedAt === null ? '' : updatedText(new Date(updatedAt), new Date(now))}
    </span>
  );
}
