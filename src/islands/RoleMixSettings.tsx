import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { button, input } from '../components/ui.css';
import {
  checkRoleMixDraft,
  ROLE_MIX_MAX_ROLES,
  ROLE_MIX_MAX_WEIGHT,
  type RoleMix,
  type RoleMixDraftRow,
  roleMixDraftOk,
  roleMixShares,
} from '../shared/deal-plan';
import * as s from './RoleMixSettings.css';

export interface Props {
  /** Every stored Pipedrive pipeline, with the mix admins set for it (null: none). */
  pipelines: { id: number; name: string; mix: RoleMix | null }[];
  /** The roles Forecast's people have, offered as the role field's suggestions. */
  roles: string[];
  /** Where a deal's split comes from when its pipeline has no mix, in words. */
  fallback: string;
}

const draftOf = (mix: RoleMix | null): RoleMixDraftRow[] =>
  (mix ?? []).map((r) => ({ role: r.role, weight: String(r.weight) }));

const mixText = (mix: RoleMix) =>
  roleMixShares(mix.map((r) => r.weight))
    .map((share, i) => `${mix[i]!.role} ${share ?? 0}%`)
    .join(', ');

/**
 * Admins' role mix per pipeline (docs/decisions/412-role-mix-settings.md): the split of a deal's
 * if-won hours by role when the deal has no role field of its own. Each pipeline is a form of
 * its own; every field says what is wrong with it before anything is sent.
 */
export default function RoleMixSettings({ pipelines, roles, fallback }: Props) {
  const rolesId = useId();
  if (pipelines.length === 0)
    return (
      <p className={s.note}>
        No pipeline yet: pipelines come from Pipedrive with the next refresh. Until one has a mix,
        deals split by {fallback}.
      </p>
    );
  return (
    <div className={s.list}>
      <p className={s.note}>
        A deal without its own role field splits its if-won hours by its pipeline's mix: each role's
        weight over the total. A pipeline with no mix uses {fallback}.
      </p>
      <datalist id={rolesId}>
        {roles.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      {pipelines.map((p) => (
        <PipelineMix key={p.id} pipeline={p} rolesId={rolesId} fallback={fallback} />
      ))}
    </div>
  );
}

function PipelineMix({
  pipeline,
  rolesId,
  fallback,
}: {
  pipeline: Props['pipelines'][number];
  rolesId: string;
  fallback: string;
}) {
  const baseId = useId();
  const [saved, setSaved] = useState<RoleMix | null>(pipeline.mix);
  const [rows, setRows] = useState<RoleMixDraftRow[]>(() => draftOf(pipeline.mix));
  const [tried, setTried] = useState(false);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const problems = checkRoleMixDraft(rows);
  const ok = roleMixDraftOk(problems);
  const shares = roleMixShares(rows.map((r) => Number(r.weight)));
  const fieldId = (i: number, what: 'role' | 'weight') => `${baseId}-${i}-${what}`;

  useEffect(() => {
    if (focusRow === null) return;
    document.getElementById(fieldId(focusRow, 'role'))?.focus();
    setFocusRow(null);
  });

  const put = useMutation({
    mutationFn: (mix: RoleMix | null) =>
      apiRequest<{ mix: RoleMix | null }>('PUT', `/api/plan/role-mixes/${pipeline.id}`, { mix }),
    onSuccess: ({ mix }) => {
      setSaved(mix);
      setRows(draftOf(mix));
      setTried(false);
      toast({
        title: mix
          ? `Role mix for ${pipeline.name} saved`
          : `Role mix for ${pipeline.name} cleared`,
        description: 'The Capacity page splits its deals by it from now on.',
      });
    },
    onError: (error) =>
      toast({
        title: 'Role mix not saved',
        description: serverMessage(error, 'The role mix could not be saved.'),
        variant: 'destructive',
      }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!ok) {
      const first = problems.rows.findIndex((r) => r.role !== null || r.weight !== null);
      if (first >= 0)
        document
          .getElementById(fieldId(first, problems.rows[first]!.role ? 'role' : 'weight'))
          ?.focus();
      else addRef.current?.focus();
      return;
    }
    put.mutate(rows.map((r) => ({ role: r.role.trim(), weight: Number(r.weight) })));
  };

  const change = (i: number, patch: Partial<RoleMixDraftRow>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const summaryId = `${baseId}-summary`;
  const wrong = problems.rows.reduce(
    (n, r) => n + (r.role ? 1 : 0) + (r.weight ? 1 : 0),
    problems.mix ? 1 : 0,
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Role mix of ${pipeline.name}`}
      aria-describedby={summaryId}
      data-testid="role-mix"
      data-pipeline-id={pipeline.id}
    >
      <fieldset className={s.pipeline}>
        <legend className={s.legend}>{pipeline.name}</legend>
        <p id={summaryId} className={s.note}>
          {saved
            ? `Saved: ${mixText(saved)}.`
            : `No mix: its deals without a role field split by ${fallback}.`}
        </p>
        {rows.map((r, i) => {
          const p = problems.rows[i]!;
          const roleProblem = tried ? p.role : null;
          const weightProblem = tried ? p.weight : null;
          const name = r.role.trim() || `role ${i + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a typed row has no identity but its place
            <div key={i} className={s.row} data-testid="role-mix-row">
              <div>
                <input
                  id={fieldId(i, 'role')}
                  className={input}
                  list={rolesId}
                  value={r.role}
                  maxLength={200}
                  autoComplete="off"
                  aria-label={`${pipeline.name}: role ${i + 1}`}
                  aria-invalid={roleProblem !== null}
                  aria-describedby={roleProblem ? `${fieldId(i, 'role')}-problem` : undefined}
                  onChange={(e) => change(i, { role: e.target.value })}
                />
                {roleProblem ? (
                  <p id={`${fieldId(i, 'role')}-problem`} className={s.problem}>
                    {roleProblem}
                  </p>
                ) : null}
              </div>
              <div>
                <input
                  id={fieldId(i, 'weight')}
                  className={input}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={ROLE_MIX_MAX_WEIGHT}
                  step="any"
                  value={r.weight}
                  aria-label={`${pipeline.name}: weight of ${name}`}
                  aria-invalid={weightProblem !== null}
                  aria-describedby={weightProblem ? `${fieldId(i, 'weight')}-problem` : undefined}
                  onChange={(e) => change(i, { weight: e.target.value })}
                />
                {weightProblem ? (
                  <p id={`${fieldId(i, 'weight')}-problem`} className={s.problem}>
                    {weightProblem}
                  </p>
                ) : null}
              </div>
              <span className={s.share} aria-live="off">
                {shares[i] === null ? '—' : `${shares[i]}%`}
              </span>
              <button
                type="button"
                className={button.ghost}
                aria-label={`Remove ${name} from ${pipeline.name}`}
                onClick={() => {
                  setRows(rows.filter((_, j) => j !== i));
                  addRef.current?.focus();
                }}
              >
                Remove
              </button>
            </div>
          );
        })}
        {tried && !ok ? (
          <p className={s.problem} role="alert">
            {problems.mix ?? `Fix ${wrong} ${wrong === 1 ? 'field' : 'fields'} before saving.`}
          </p>
        ) : null}
        <div className={s.actions}>
          <button
            ref={addRef}
            type="button"
            className={button.secondary}
            disabled={rows.length >= ROLE_MIX_MAX_ROLES}
            onClick={() => {
              setRows([...rows, { role: '', weight: '' }]);
              setFocusRow(rows.length);
            }}
          >
            Add a role
          </button>
          <button type="submit" className={button.primary} disabled={put.isPending}>
            {put.isPending ? 'Saving...' : 'Save mix'}
          </button>
          {saved ? (
            <button
              type="button"
              className={button.ghost}
              disabled={put.isPending}
              onClick={() => put.mutate(null)}
            >
              Clear mix
            </button>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}
