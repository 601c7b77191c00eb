import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiRequest } from '../../client/api';
import { Dialog } from '../../components/Dialog';
import { QueryPanel } from '../../components/QueryPanel';
import { button, input, visuallyHidden } from '../../components/ui.css';
import { addableUsers } from './availability';
import type { JiraUser, TeamMember } from '../../shared/availability';
import * as s from './TeamMemberDialogs.css';

export const JIRA_USERS_PATH = '/api/jira/users';

/**
 * 'Add Team Member' (docs/product-spec.md, "Agency Settings"): search the Jira users, pick those to
 * track, and see the chosen list. Choices are local until 'Save Availability'. Users are fetched
 * only while it is open.
 */
export function AddTeamMemberModal({
  open,
  onClose,
  members,
  onAdd,
  onRemove,
}: {
  open: boolean;
  onClose: () => void;
  members: readonly TeamMember[];
  onAdd: (user: JiraUser) => void;
  onRemove: (accountId: string) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add Team Member"
      description="Search and select Jira users to add to availability tracking"
      size="md"
      testId="add-team-member-modal"
    >
      <AddTeamMemberBody members={members} onAdd={onAdd} onRemove={onRemove} onClose={onClose} />
    </Dialog>
  );
}

function AddTeamMemberBody({
  members,
  onAdd,
  onRemove,
  onClose,
}: {
  members: readonly TeamMember[];
  onAdd: (user: JiraUser) => void;
  onRemove: (accountId: string) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const users = useQuery({
    queryKey: [JIRA_USERS_PATH],
    queryFn: () => apiRequest<{ users: JiraUser[] }>('GET', JIRA_USERS_PATH),
  });
  const offered = users.data ? addableUsers(users.data.users, members, search) : [];
  const allAdded = users.data ? addableUsers(users.data.users, members, '').length === 0 : false;

  return (
    <>
      <div className={s.search}>
        <label className={visuallyHidden} htmlFor={searchId}>
          Search Jira users
        </label>
        <input
          id={searchId}
          className={input}
          type="search"
          placeholder="Search by name or email..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
      </div>
      <QueryPanel
        query={users}
        look="compact"
        loading="Loading users..."
        error={(e) => ({ text: `Failed to load Jira users. ${e.message}` })}
        empty={{
          when: () => offered.length === 0,
          text: allAdded ? 'All users have been added' : 'No users found matching your search',
        }}
      >
        {() => (
          <ul className={s.userList} aria-label="Jira users">
            {offered.map((u) => (
              <li key={u.accountId} className={s.userItem}>
                <button
                  type="button"
                  className={s.userButton}
                  onClick={() => onAdd(u)}
                  aria-label={`Add ${u.displayName}${u.emailAddress ? ` ${u.emailAddress}` : ''}`}
                >
                  <span>
                    <span className={s.userName}>{u.displayName}</span>
                    {/* The space keeps the visible text a part of the button's name, as the label says it. */}
                    {u.emailAddress ? (
                      <>
                        {' '}
                        <span className={s.userEmail}>{u.emailAddress}</span>
                      </>
                    ) : null}
                  </span>
                  <span aria-hidden="true">+</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryPanel>

      <h3 className={s.chosenTitle}>Selected Team Members ({members.length})</h3>
      {members.length > 0 ? (
        <ul className={s.userList} aria-label="Selected team members">
          {members.map((m) => (
            <li key={m.accountId} className={s.chosenItem}>
              <span className={s.userName}>{m.displayName}</span>
              <button
                type="button"
                className={button.ghost}
                onClick={() => onRemove(m.accountId)}
                aria-label={`Remove ${m.displayName}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={s.dialogActions}>
        <button type="button" className={button.primary} onClick={onClose}>
          Done
        </button>
      </div>
    </>
  );
}
