import FreshnessLine from '../../islands/FreshnessLine';
import { Island } from '../../render/Island';
import type { Freshness, SyncedSource } from '../../shared/freshness';

/**
 * A page's freshness line under its heading, live in the browser (the FreshnessLine island), or
 * nothing when it could not be read.
 */
export function PageFreshness({
  freshness,
  isAdmin,
  sources,
}: {
  freshness: Freshness | null;
  isAdmin: boolean;
  /** The synced copies the page reads, as its freshness was loaded for. */
  sources: SyncedSource[];
}) {
  if (!freshness) return null;
  return (
    <Island
      name="FreshnessLine"
      component={FreshnessLine}
      props={{ freshness, isAdmin, sources }}
    />
  );
}
