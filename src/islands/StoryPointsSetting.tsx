import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { useRefusal } from '../components/Refusal';
import { button, input, label } from '../components/ui.css';
import type { Role } from '../shared/roles';
import * as s from './StoryPointsSetting.css';

export interface Props {
  storyPointsPerDeveloperDay: number;
  /** The signed-in role, from the server: admins change global settings. */
  role: Role;
}

export const POINTS_SETTING_PATH = '/api/settings/story-points-per-developer-day';

/**
 * The 'story points per developer day' setting (docs/design.md, "Available points"): each available
 * weekday of a developer is worth this many points.
 */
export default function StoryPointsSetting({ storyPointsPerDeveloperDay, role }: Props) {
  const refusal = useRefusal(role, 'settings.global');
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const [saved, setSaved] = useState(storyPointsPerDeveloperDay);
  const [value, setValue] = useState(String(storyPointsPerDeveloperDay));
  const parsed = Number(value);
  const valid = value.trim() !== '' && Number.isFinite(parsed) && parsed >= 0 && parsed <= 100;

  const save = useMutation({
    mutationFn: (points: number) =>
      apiRequest<{ storyPointsPerDeveloperDay: number }>('PUT', POINTS_SETTING_PATH, {
        storyPointsPerDeveloperDay: points,
      }),
    onSuccess: (result) => {
      setSaved(result.storyPointsPerDeveloperDay);
      setValue(String(result.storyPointsPerDeveloperDay));
      toast({
        title: 'Setting saved',
        description: `Each available developer day now counts ${result.storyPointsPerDeveloperDay} story points.`,
      });
      return queryClient.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' &&
          q.queryKey[0].startsWith('/api/developer-available-points'),
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to save the setting'),
        variant: 'destructive',
      }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid && !refusal.reason) save.mutate(parsed);
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate>
      <div className={s.fieldRow}>
        <div>
          <label className={label} htmlFor={inputId}>
            Story points per developer day
          </label>
          <input
            id={inputId}
            className={`${input} ${s.number}`}
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.25}
            value={value}
            readOnly={!!refusal.reason}
            title={refusal.reason ?? undefined}
            aria-describedby={
              refusal.reason ? `${hintId} ${refusal.attrs['aria-describedby']}` : hintId
            }
            aria-invalid={!valid}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
        <button
          type="submit"
          className={button.primary}
          disabled={!valid || save.isPending || parsed === saved}
          {...refusal.attrs}
        >
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
        {refusal.note}
      </div>
      <p id={hintId} className={s.hint}>
        Available Points = weekdays each tracked person is employed and not away × this number (0 to
        100).
      </p>
    </form>
  );
}
