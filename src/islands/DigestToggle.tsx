import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import * as s from './StoryPointsSetting.css';

export interface Props {
  subscribed: boolean;
  /** Admins always get the digest. */
  alwaysSent: boolean;
}

/** The person's own 'Monday digest by e-mail' toggle. */
export default function DigestToggle({ subscribed: initial, alwaysSent }: Props) {
  const id = useId();
  const [subscribed, setSubscribed] = useState(initial || alwaysSent);
  const save = useMutation({
    mutationFn: (next: boolean) =>
      apiRequest<{ subscribed: boolean }>('PUT', '/api/digest-subscription', { subscribed: next }),
    onSuccess: (result) => {
      setSubscribed(result.subscribed);
      toast({
        title: result.subscribed ? 'Digest on' : 'Digest off',
        description: result.subscribed
          ? 'You will get the digest every Monday at 08:00.'
          : 'You will no longer get the Monday digest.',
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to save the setting'),
        variant: 'destructive',
      }),
  });
  return (
    <div className={s.form}>
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={subscribed}
          disabled={alwaysSent || save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
        />{' '}
        E-mail me the Monday digest
      </label>
      <p className={s.hint}>
        {alwaysSent
          ? 'Admins always get the digest: open alerts, last week’s tickets ready for QA, story points, velocity, hours, invoices and margin.'
          : 'Every Monday at 08:00: open alerts, last week’s tickets ready for QA, story points, velocity and hours.'}
      </p>
    </div>
  );
}
