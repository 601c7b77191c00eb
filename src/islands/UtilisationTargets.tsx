import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { button, input, label } from '../components/ui.css';
import type { IsoDate } from '../shared/calendar';
import * as s from './UtilisationTargets.css';

export interface Props {
  /** Each role's default target. */
  roles: { role: string; targetPercent: number }[];
  /** The roles Forecast's persons have. */
  knownRoles: string[];
  /** The people on the page, with the target the period is judged by. */
  people: {
    id: number;
    name: string;
    role: string | null;
    targetPercent: number | null;
    ownTarget: boolean;
  }[];
  /** The period's first day: a person's target set from it judges this period. */
  periodFrom: IsoDate;
  periodLabel: string;
}

export const ROLE_TARGETS_PATH = '/api/settings/utilisation-targets';

/** '' for none, else a whole percentage from 0 to 100; undefined when it is neither. */
function percentOf(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= 100 ? n : undefined;
}

function usePut(describe: () => string) {
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown }) => apiRequest('PUT', path, body),
    onSuccess: () => {
      toast({ title: 'Target saved', description: describe() });
      // The figures are the server's: read the page again to judge the period by the new target.
      window.location.reload();
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to save the target'),
        variant: 'destructive',
      }),
  });
}

/**
 * Admins' utilisation targets (docs/decisions/395): a default per role, and a person's own
 * target from a date. Each save reloads the page so the table is judged by the new target.
 */
/** A whole-percent target, 0 to 100, as both forms take it. */
function TargetPercentField(props: {
  id: string;
  hintId: string;
  value: string;
  valid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label className={label} htmlFor={props.id}>
        Target %
      </label>
      <input
        id={props.id}
        className={`${input} ${s.number}`}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        value={props.value}
        aria-invalid={!props.valid}
        aria-describedby={props.hintId}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

export default function UtilisationTargets({
  roles,
  knownRoles,
  people,
  periodFrom,
  periodLabel,
}: Props) {
  const ids = {
    role: useId(),
    rolePercent: useId(),
    person: useId(),
    percent: useId(),
    from: useId(),
    roleHint: useId(),
    personHint: useId(),
  };
  const roleNames = [...new Set([...knownRoles, ...roles.map((r) => r.role)])].sort();
  const defaults = new Map(roles.map((r) => [r.role, r.targetPercent]));
  const [role, setRole] = useState(roleNames[0] ?? '');
  const [rolePercent, setRolePercent] = useState(String(defaults.get(roleNames[0] ?? '') ?? ''));
  const [personId, setPersonId] = useState(String(people[0]?.id ?? ''));
  const [percent, setPercent] = useState('');
  const [from, setFrom] = useState<string>(periodFrom);
  const roleValue = percentOf(rolePercent);
  const personValue = percentOf(percent);
  const person = people.find((p) => String(p.id) === personId);

  const saveRole = usePut(() =>
    roleValue === null
      ? `${role} has no default target now.`
      : `The default target of ${role} is ${roleValue}%.`,
  );
  const savePerson = usePut(() =>
    personValue === null
      ? `${person?.name ?? 'The person'} goes back to their role's default from ${from}.`
      : `${person?.name ?? 'The person'} is held to ${personValue}% from ${from}.`,
  );

  const submitRole = (e: FormEvent) => {
    e.preventDefault();
    if (role && roleValue !== undefined)
      saveRole.mutate({ path: ROLE_TARGETS_PATH, body: { role, targetPercent: roleValue } });
  };
  const submitPerson = (e: FormEvent) => {
    e.preventDefault();
    if (person && personValue !== undefined && from)
      savePerson.mutate({
        path: `/api/people/${person.id}`,
        body: { target: personValue, targetFrom: from },
      });
  };

  return (
    <div className={s.forms}>
      <form className={s.form} onSubmit={submitRole} noValidate aria-label="Default per role">
        <h3 className={s.title}>Default per role</h3>
        {roles.length ? (
          <ul className={s.list} data-testid="role-targets">
            {roles.map((r) => (
              <li key={r.role}>
                {r.role}: {r.targetPercent}%
              </li>
            ))}
          </ul>
        ) : (
          <p className={s.hint}>No role has a default target yet.</p>
        )}
        <div className={s.row}>
          <div>
            <label className={label} htmlFor={ids.role}>
              Role
            </label>
            <select
              id={ids.role}
              className={input}
              value={role}
              disabled={roleNames.length === 0}
              onChange={(e) => {
                setRole(e.target.value);
                setRolePercent(String(defaults.get(e.target.value) ?? ''));
              }}
            >
              {roleNames.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </div>
          <TargetPercentField
            id={ids.rolePercent}
            hintId={ids.roleHint}
            value={rolePercent}
            valid={roleValue !== undefined}
            onChange={setRolePercent}
          />
          <button
            type="submit"
            className={button.primary}
            disabled={!role || roleValue === undefined || saveRole.isPending}
          >
            {saveRole.isPending ? 'Saving...' : 'Save default'}
          </button>
        </div>
        <p id={ids.roleHint} className={s.hint}>
          A whole percentage from 0 to 100; empty for no default. It judges every period of people
          in that role who have no target of their own.
        </p>
      </form>

      <form className={s.form} onSubmit={submitPerson} noValidate aria-label="A person's target">
        <h3 className={s.title}>A person's target</h3>
        <div className={s.row}>
          <div>
            <label className={label} htmlFor={ids.person}>
              Person
            </label>
            <select
              id={ids.person}
              className={input}
              value={personId}
              disabled={people.length === 0}
              onChange={(e) => setPersonId(e.target.value)}
            >
              {people.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
                  {p.targetPercent === null
                    ? ' (no target)'
                    : ` (${p.targetPercent}%${p.ownTarget ? '' : ', role default'})`}
                </option>
              ))}
            </select>
          </div>
          <TargetPercentField
            id={ids.percent}
            hintId={ids.personHint}
            value={percent}
            valid={personValue !== undefined}
            onChange={setPercent}
          />
          <div>
            <label className={label} htmlFor={ids.from}>
              From
            </label>
            <input
              id={ids.from}
              className={input}
              type="date"
              value={from}
              aria-invalid={!from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <button
            type="submit"
            className={button.primary}
            disabled={!person || personValue === undefined || !from || savePerson.isPending}
          >
            {savePerson.isPending ? 'Saving...' : 'Save target'}
          </button>
        </div>
        <p id={ids.personHint} className={s.hint}>
          A period is judged by the target in force on its first day: from {periodFrom} it judges{' '}
          {periodLabel}. Empty goes back to the role's default from that day.
        </p>
      </form>
    </div>
  );
}
