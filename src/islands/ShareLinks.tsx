import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { badge, button, input, label, table } from '../components/ui.css';
import { formatDate } from '../shared/format';
import {
  SHARE_LINK_LABEL_MAX,
  SHARE_LINK_STATE_TEXT,
  type ShareLinkJson,
  shareLinkRangeText,
} from '../shared/share-links';
import * as s from './ShareLinks.css';

export interface Props {
  projectId: number;
  links: ShareLinkJson[];
  /** The expiry the form starts with: a month from today, agency time. */
  defaultExpiry: string;
}

const STATE_BADGE = { active: badge.green, expired: badge.grey, revoked: badge.red } as const;

/**
 * A project's client room links (docs/decisions/430-client-retainer-room.md), admins only: make
 * one (its address is shown once), see when each was last opened, revoke one after asking.
 */
export default function ShareLinks({ projectId, links, defaultExpiry }: Props) {
  const key = [`/api/projects/${projectId}/share-links`];
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => apiRequest<{ links: ShareLinkJson[] }>('GET', key[0]!),
    initialData: { links },
  });
  const [labelText, setLabelText] = useState('');
  const [expiresAt, setExpiresAt] = useState(defaultExpiry);
  const [rolling, setRolling] = useState(true);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [asked, setAsked] = useState<ShareLinkJson | null>(null);

  const create = useMutation({
    mutationFn: () =>
      apiRequest<{ id: number; url: string }>('POST', key[0]!, {
        label: labelText,
        expiresAt,
        rolling,
        ...(rolling ? {} : { from, to }),
      }),
    onSuccess: () => {
      setLabelText('');
      toast({ title: 'Client link made', description: 'Copy its address now: it is shown once.' });
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const revoke = useMutation({
    mutationFn: (link: ShareLinkJson) => apiRequest('DELETE', `/api/share-links/${link.id}`),
    onSuccess: (_answer, link) => {
      toast({ title: 'Client link revoked', description: `"${link.label}" no longer opens.` });
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to revoke the link'),
        variant: 'destructive',
      }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <div data-testid="share-links">
      <form className={s.form} onSubmit={submit} aria-label="New client link">
        <div>
          <label className={label} htmlFor="share-label">
            Label
          </label>
          <input
            id="share-label"
            className={input}
            value={labelText}
            maxLength={SHARE_LINK_LABEL_MAX}
            required
            placeholder="e.g. Monthly report for Acme"
            onChange={(e) => setLabelText(e.target.value)}
          />
        </div>
        <div>
          <label className={label} htmlFor="share-expires">
            Expires after
          </label>
          <input
            id="share-expires"
            className={input}
            type="date"
            required
            value={expiresAt}
            onChange={(e) => setExpiresAt(e.target.value)}
          />
        </div>
        <fieldset className={s.radios}>
          <legend className={label}>Shows</legend>
          <label>
            <input
              type="radio"
              name="share-range"
              checked={rolling}
              onChange={() => setRolling(true)}
            />{' '}
            Current retainer period
          </label>
          <label>
            <input
              type="radio"
              name="share-range"
              checked={!rolling}
              onChange={() => setRolling(false)}
            />{' '}
            Fixed dates
          </label>
        </fieldset>
        {rolling ? null : (
          <>
            <div>
              <label className={label} htmlFor="share-from">
                From
              </label>
              <input
                id="share-from"
                className={input}
                type="date"
                required
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            </div>
            <div>
              <label className={label} htmlFor="share-to">
                To
              </label>
              <input
                id="share-to"
                className={input}
                type="date"
                required
                value={to}
                onChange={(e) => setTo(e.target.value)}
              />
            </div>
          </>
        )}
        <div>
          <button type="submit" className={button.primary} disabled={create.isPending}>
            {create.isPending ? 'Making…' : 'Make link'}
          </button>
        </div>
      </form>
      {create.isError ? (
        <p role="alert" className={s.error}>
          {serverMessage(create.error, 'Failed to make the link')}
        </p>
      ) : null}
      {create.data ? (
        <div role="status" className={s.issued} data-testid="share-link-url">
          <p>Send this address to the client. It is shown only now; revoke the link to stop it.</p>
          <input
            className={s.linkField}
            readOnly
            aria-label="Client link address"
            value={create.data.url}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      ) : null}
      {data.links.length === 0 ? (
        <p>No client links yet.</p>
      ) : (
        <div data-scroll-x>
          <table className={table}>
            <thead>
              <tr>
                <th className={s.head}>Label</th>
                <th className={s.head}>Shows</th>
                <th className={s.head}>Created</th>
                <th className={s.head}>Expires</th>
                <th className={s.head}>Last opened</th>
                <th className={s.head}>Opens</th>
                <th className={s.head}>State</th>
                <th className={s.head}>
                  <span>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.links.map((l) => (
                <tr key={l.id} data-testid="share-link-row">
                  <td className={s.cell}>{l.label}</td>
                  <td className={s.cell}>{shareLinkRangeText(l)}</td>
                  <td className={s.cell}>{formatDate(l.createdAt.slice(0, 10))}</td>
                  <td className={s.cell}>{formatDate(l.expiresAt)}</td>
                  <td className={s.cell}>
                    {l.lastOpenedAt ? formatDate(l.lastOpenedAt.slice(0, 10)) : 'Never'}
                  </td>
                  <td className={s.cell}>{l.opens}</td>
                  <td className={s.cell}>
                    <span className={STATE_BADGE[l.state]}>{SHARE_LINK_STATE_TEXT[l.state]}</span>
                  </td>
                  <td className={s.cell}>
                    {l.state === 'revoked' ? null : (
                      <button
                        type="button"
                        className={button.secondary}
                        disabled={revoke.isPending && revoke.variables?.id === l.id}
                        onClick={() => setAsked(l)}
                      >
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={asked !== null}
        title="Revoke this client link?"
        description={
          asked
            ? `"${asked.label}" stops opening at once, for everyone who has it. This cannot be undone.`
            : ''
        }
        confirmLabel="Revoke link"
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (asked) revoke.mutate(asked);
          setAsked(null);
        }}
        testId="revoke-share-link"
      />
    </div>
  );
}
