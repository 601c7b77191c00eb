import LiveUpdates from '../../islands/LiveUpdates';
import { Island } from '../../render/Island';

/**
 * Under a page's heading: the page follows changes as they are applied and says when it last
 * moved (the LiveUpdates island, docs/decisions/402-live-pages.md). Empty until a change comes.
 */
export function LiveLine({ projectId }: { projectId?: number }) {
  return (
    <Island
      name="LiveUpdates"
      component={LiveUpdates}
      props={projectId === undefined ? {} : { projectId }}
    />
  );
}
