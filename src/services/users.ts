import type { User } from '../db/users';

/** An account as the Users screen and its calls show it. */
export const toUserJson = (u: User) => ({
  id: u.id,
  email: u.email,
  role: u.role,
  approved: u.approved,
  createdAt: u.createdAt.toISOString(),
});
