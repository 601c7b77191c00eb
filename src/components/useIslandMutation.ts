import {
  isServer,
  MutationObserver,
  QueryClient,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';

/** The one idle mutation every server render shows: nothing ever runs on the server. */
let idle: UseMutationResult<unknown, unknown, unknown, unknown> | undefined;
const idleOnServer = (() =>
  (idle ??= new MutationObserver(new QueryClient(), {}).getCurrentResult() as never)) as never;

/**
 * `useMutation` for an island a page renders many times (a card's team selector and Sync
 * Billing). A mutation only runs on a click, so on the server it is always idle: the server
 * renders that idle state without building an observer per island, which cost more than the
 * control's own markup on a long portfolio (docs/decisions/210). In the browser it is
 * `useMutation`, which starts idle too, so the hydrated markup is the server's. Chosen once per
 * runtime, so every render of an island calls the same hooks.
 */
export const useIslandMutation: typeof useMutation = isServer ? idleOnServer : useMutation;
