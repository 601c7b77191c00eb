import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { button, input, label } from '../components/ui.css';
import { type AlertThresholds, THRESHOLD_FIELDS } from '../shared/alerts';
import * as s from './StoryPointsSetting.css';

export interface Props {
  thresholds: AlertThresholds;
  defaults: AlertThresholds;
  /** Who last changed them and when (ISO), or null while the defaults apply. */
  lastChange: { changedBy: string; changedAt: string } | null;
}

type Key = keyof AlertThresholds;
const KEYS = Object.keys(THRESHOLD_FIELDS) as Key[];

function problemOf(key: Key, raw: string): string | null {
  const f = THRESHOLD_FIELDS[key];
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n)) return 'Enter a number';
  if (f.integer && !Number.isInteger(n)) return 'Enter a whole number';
  if (n < f.min || n > f.max) return `From ${f.min} to ${f.max}`;
  return null;
}

/** Admins' alert thresholds (docs/decisions/200-alert-rules.md): each rule's number, checked here and on the server. */
export default function AlertSettings({ thresholds, defaults, lastChange: initialChange }: Props) {
  const baseId = useId();
  const [values, setValues] = useState<Record<Key, string>>(
    () => Object.fromEntries(KEYS.map((k) => [k, String(thresholds[k])])) as Record<Key, string>,
  );
  const [lastChange, setLastChange] = useState(initialChange);
  const problems = Object.fromEntries(KEYS.map((k) => [k, problemOf(k, values[k])])) as Record<
    Key,
    string | null
  >;
  const valid = KEYS.every((k) => problems[k] === null);

  const save = useMutation({
    mutationFn: (body: AlertThresholds) =>
      apiRequest<{ thresholds: AlertThresholds }>('PUT', '/api/admin/alert-settings', body),
    onSuccess: (result) => {
      setValues(
        Object.fromEntries(KEYS.map((k) => [k, String(result.thresholds[k])])) as Record<
          Key,
          string
        >,
      );
      setLastChange({ changedBy: 'you', changedAt: new Date().toISOString() });
      toast({
        title: 'Alert thresholds saved',
        description: 'They apply from the next refresh run.',
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to save the alert thresholds'),
        variant: 'destructive',
      }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    save.mutate(
      Object.fromEntries(KEYS.map((k) => [k, Number(values[k])])) as unknown as AlertThresholds,
    );
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label="Alert thresholds">
      {KEYS.map((k) => {
        const f = THRESHOLD_FIELDS[k];
        const id = `${baseId}-${k}`;
        return (
          <div key={k} className={s.fieldRow}>
            <div>
              <label className={label} htmlFor={id}>
                {f.label}
              </label>
              <input
                id={id}
                name={k}
                className={`${input} ${s.number}`}
                type="number"
                inputMode="numeric"
                min={f.min}
                max={f.max}
                step={1}
                value={values[k]}
                aria-invalid={problems[k] !== null}
                aria-describedby={`${id}-hint`}
                onChange={(e) => setValues({ ...values, [k]: e.target.value })}
              />
            </div>
            <p id={`${id}-hint`} className={s.hint}>
              {f.unit}; default {defaults[k]}
              {problems[k] ? ` (${problems[k]})` : ''}
            </p>
          </div>
        );
      })}
      <div className={s.fieldRow}>
        <button type="submit" className={button.primary} disabled={!valid || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save thresholds'}
        </button>
        <button
          type="button"
          className={button.secondary}
          onClick={() =>
            setValues(
              Object.fromEntries(KEYS.map((k) => [k, String(defaults[k])])) as Record<Key, string>,
            )
          }
        >
          Use defaults
        </button>
      </div>
      <p className={s.hint}>
        {lastChange
          ? `Last changed by ${lastChange.changedBy} on ${new Date(lastChange.changedAt).toISOString().slice(0, 10)}.`
          : 'The defaults apply.'}
      </p>
    </form>
  );
}
