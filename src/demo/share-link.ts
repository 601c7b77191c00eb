import type { Config } from '../config';
import type { Db } from '../db/port';
import { findDemoRetainerProject, openLinksMadeBy } from '../db/share-links';
import { getUserByEmail } from '../db/users';
import { refuseIfRealDatabase } from '../services/database-mode';
import { createShareLink, revokeProjectShareLink } from '../services/share-links';
import { addCalendarDays } from '../shared/calendar';
import { roomPath } from '../shared/share-links';
import { isoDateInZone } from '../shared/time-zones';

/** The label of the link the demo makes at start. */
export const DEMO_SHARE_LABEL = 'Demo client room';

/**
 * The demo's client room (docs/decisions/430): a rolling link for its first retainer project,
 * made afresh at each start so it can be printed beside the demo admin (only a link's hash is
 * kept, so an earlier one cannot be shown again; it is revoked). Null without a retainer.
 */
export async function freshDemoShareLink(
  db: Db,
  config: Pick<Config, 'DEMO_ADMIN_EMAIL' | 'AGENCY_TIMEZONE'>,
  now: Date,
): Promise<{ path: string; projectName: string } | null> {
  await refuseIfRealDatabase(db, 'The demo client link');
  const admin = await getUserByEmail(db, config.DEMO_ADMIN_EMAIL);
  const project = await findDemoRetainerProject(db);
  if (!admin || !project) return null;
  const actor = { id: admin.id, email: admin.email };
  const today = isoDateInZone(now, config.AGENCY_TIMEZONE);
  const earlier = await openLinksMadeBy(db, DEMO_SHARE_LABEL, admin.email);
  for (const id of earlier) await revokeProjectShareLink(db, id, actor, now, today);
  const { token } = await createShareLink(
    db,
    project.id,
    { label: DEMO_SHARE_LABEL, expiresAt: addCalendarDays(today, 90), rolling: true },
    actor,
    now,
  );
  return { path: roomPath(token), projectName: project.name };
}
