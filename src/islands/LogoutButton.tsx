import { useMutation } from '@tanstack/react-query';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { button } from '../components/ui.css';

export type Props = Record<string, never>;

/**
 * Ends the session on the server, then goes to /auth (docs/product-spec.md,
 * "States and transitions").
 */
export default function LogoutButton(_props: Props) {
  const logout = useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: () => window.location.assign('/auth'),
    onError: (error) =>
      toast({
        title: 'Logout failed',
        description: serverMessage(error, 'Logout failed'),
        variant: 'destructive',
      }),
  });
  return (
    <button
      type="button"
      className={button.secondary}
      onClick={() => logout.mutate()}
      disabled={logout.isPending}
    >
      Logout
    </button>
  );
}
