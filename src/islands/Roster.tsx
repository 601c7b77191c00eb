import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { apiRequest, readOr, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { ScrollBox } from '../components/capacity/ScrollBox';
import * as cs from '../components/capacity/capacity.css';
import { QueryPanel } from '../components/QueryPanel';
import { button, input, label, muted } from '../components/ui.css';
import type { PeopleResponse, Person } from '../shared/roster';
import * as s from './Roster.css';

export interface Props {
  /** The server's answer at render; null when it could not be read (the island asks again). */
  initial: PeopleResponse | null;
  /** Why this role may not link or unlink (refusalFor 'people.edit'); null when it may. */
  refusal: string | null;
}

export const PEOPLE_PATH = '/api/people';

interface Change {
  id: number;
  body: { jiraAccountId: string | null };
  /** What the toast says once it is done. */
  done: string;
}

/**
 * The roster (docs/decisions/396-the-people-page.md): everyone with their Jira account, Forecast
 * person and whether velocity tracks them, and a Jira account that delivers but matched no
 * Forecast person by email, to be linked by hand. A link or an unlink reads the roster again.
 */
export default function Roster({ initial, refusal }: Props) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [PEOPLE_PATH],
    queryFn: () => readOr<PeopleResponse>(PEOPLE_PATH, 'Failed to fetch the roster'),
    initialData: initial ?? undefined,
  });
  const change = useMutation({
    mutationFn: ({ id, body }: Change) => apiRequest('PUT', `${PEOPLE_PATH}/${id}`, body),
    onSuccess: async (_answer, { done }) => {
      toast({ title: 'Roster updated', description: done });
      await queryClient.invalidateQueries({ queryKey: [PEOPLE_PATH] });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to change the roster'),
        variant: 'destructive',
      }),
  });
  return (
    <QueryPanel
      query={query}
      loading="Loading the roster..."
      error={{
        title: 'Error Loading the Roster',
        text: 'Failed to fetch the roster. Please reload the page.',
      }}
      empty={{
        when: (d) => d.people.length === 0 && d.unmatched.jira.length === 0,
        title: 'Nobody on the roster yet',
        text: "People come from Forecast's persons and Jira's accounts with each refresh; the roster fills once both were read.",
      }}
    >
      {(data) => (
        <div className={s.sections}>
          <NotMatched
            data={data}
            refusal={refusal}
            busy={change.isPending}
            onLink={(c) => change.mutate(c)}
          />
          <RosterTable
            people={data.people}
            refusal={refusal}
            busy={change.isPending}
            onUnlink={(c) => change.mutate(c)}
          />
        </div>
      )}
    </QueryPanel>
  );
}

function NotMatched({
  data,
  refusal,
  busy,
  onLink,
}: {
  data: PeopleResponse;
  refusal: string | null;
  busy: boolean;
  onLink: (change: Change) => void;
}) {
  const { jira, forecast } = data.unmatched;
  // A Forecast person's roster row, which takes the Jira account.
  const rowOf = new Map(
    data.people.filter((p) => p.forecastPersonId !== null).map((p) => [p.forecastPersonId!, p]),
  );
  const choices = forecast.flatMap((f) => {
    const person = rowOf.get(f.id);
    return person ? [{ id: person.id, name: f.name }] : [];
  });
  return (
    <section aria-labelledby="roster-unmatched-title" data-testid="roster-unmatched">
      <h3 className={s.title} id="roster-unmatched-title">
        Not matched
      </h3>
      {jira.length === 0 && forecast.length === 0 ? (
        <p className={muted}>
          Everyone matched: each Jira account that delivers has its Forecast person.
        </p>
      ) : (
        <>
          <p className={s.hint}>
            People are matched by email. Jira can hide an email, or the two can differ: link each
            Jira account below to its Forecast person by hand. A link by hand stays until it is
            unlinked.
          </p>
          {jira.length ? (
            <ul className={s.list}>
              {jira.map((j) => (
                <li key={j.accountId}>
                  <LinkForm
                    account={j}
                    choices={choices}
                    refusal={refusal}
                    busy={busy}
                    onLink={onLink}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className={muted}>Every Jira account that delivers has its Forecast person.</p>
          )}
          {forecast.length ? (
            <p className={s.hint} data-testid="roster-forecast-only">
              {`In Forecast with no Jira account: ${forecast.map((f) => f.name).join(', ')}.`}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function LinkForm({
  account,
  choices,
  refusal,
  busy,
  onLink,
}: {
  account: { accountId: string; displayName: string };
  choices: { id: number; name: string }[];
  refusal: string | null;
  busy: boolean;
  onLink: (change: Change) => void;
}) {
  const selectId = useId();
  const [choice, setChoice] = useState('');
  const person = choices.find((c) => String(c.id) === choice);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!person) return;
    onLink({
      id: person.id,
      body: { jiraAccountId: account.accountId },
      done: `${account.displayName} in Jira is ${person.name} in Forecast now.`,
    });
  };
  return (
    <form
      className={s.linkForm}
      onSubmit={submit}
      aria-label={`Link ${account.displayName}`}
      data-account={account.accountId}
    >
      <div className={s.who}>
        <strong>{account.displayName}</strong>
        <span className={cs.detail}>Jira account with no Forecast person</span>
      </div>
      <div>
        <label className={label} htmlFor={selectId}>
          Forecast person
        </label>
        <select
          id={selectId}
          className={`${input} ${s.select}`}
          value={choice}
          disabled={refusal !== null || choices.length === 0}
          onChange={(e) => setChoice(e.target.value)}
        >
          <option value="">
            {choices.length ? 'Choose a person…' : 'No Forecast person left to link'}
          </option>
          {choices.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className={button.primary}
        disabled={refusal !== null || !person || busy}
        title={refusal ?? undefined}
      >
        Link
      </button>
    </form>
  );
}

const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const yesNo = (value: boolean, yes: string, no: string) =>
  value ? <span className={s.linked}>{yes}</span> : <span className={s.none}>{no}</span>;

function RosterTable({
  people,
  refusal,
  busy,
  onUnlink,
}: {
  people: Person[];
  refusal: string | null;
  busy: boolean;
  onUnlink: (change: Change) => void;
}) {
  const tracked = people.filter((p) => p.tracked).length;
  return (
    <section aria-labelledby="roster-people-title">
      <h3 className={s.title} id="roster-people-title">
        Roster
      </h3>
      <p className={muted} data-testid="roster-summary">
        {`${countOf(people.length, 'person', 'people')} on the roster, ${countOf(tracked, 'tracked person', 'tracked people')}: velocity counts the points and available points of the tracked people.`}
      </p>
      <ScrollBox label="The roster">
        <table className={cs.plan} data-testid="roster-table">
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Team</th>
              <th scope="col">Role</th>
              <th scope="col">Weekly hours</th>
              <th scope="col">Jira account</th>
              <th scope="col">Forecast person</th>
              <th scope="col">Velocity</th>
            </tr>
          </thead>
          <tbody>
            {people.map((p) => (
              <tr key={p.id} data-person={p.name}>
                <th scope="row">
                  <span className={cs.line}>{p.name}</span>
                  <span className={cs.detail}>{p.email ?? 'no email'}</span>
                </th>
                <td>{p.team ?? '—'}</td>
                <td>{p.role ?? '—'}</td>
                <td>{p.weeklyHours === null ? '—' : `${p.weeklyHours} h`}</td>
                <td data-testid="roster-jira">
                  {yesNo(p.jiraAccountId !== null, 'Linked', 'None')}
                  {p.jiraAccountId !== null && p.forecastPersonId !== null ? ' ' : null}
                  {p.jiraAccountId !== null && p.forecastPersonId !== null ? (
                    <button
                      type="button"
                      className={button.link}
                      disabled={refusal !== null || busy}
                      title={refusal ?? undefined}
                      aria-label={`Unlink ${p.name}'s Jira account`}
                      onClick={() =>
                        onUnlink({
                          id: p.id,
                          body: { jiraAccountId: null },
                          done: `${p.name}'s Jira account is no longer linked; it is listed under Not matched while it delivers.`,
                        })
                      }
                    >
                      Unlink
                    </button>
                  ) : null}
                </td>
                <td>{yesNo(p.forecastPersonId !== null, 'Linked', 'None')}</td>
                <td>{yesNo(p.tracked, 'Tracked', 'Not tracked')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
