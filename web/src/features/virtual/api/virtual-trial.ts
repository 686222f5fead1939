/**
 * The virtual robot trial's calls, over the generated client (openapi.yaml, tag `virtual`):
 * the catalogue of models and cabinet versions, the account's current trial (polled while it is
 * created or upgraded, re-read now and then while active), apply and switch (60 s time-out: the
 * pool may take that long to start the work) and data synchronisation.
 *
 * Trials are personal: their query key holds the page context and the session token, so another
 * login or language never sees a cached answer of this one.
 */
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getEmailHasCreateEcsQueryKey,
  getEmailHasCreateEcsQueryOptions,
  getPhoneHasCreateEcsQueryKey,
  getPhoneHasCreateEcsQueryOptions,
  getVirtualCatalogueQueryKey,
  systemRecovery,
  useApplyVirtualMachine,
  useSwitchVersion,
  useVirtualCatalogue,
} from '@/api/generated/endpoints/virtual/virtual';
import type { VirtualModelListEnvelope } from '@/api/generated/model/virtualModelListEnvelope.zod';
import type { VirtualTrialNullableEnvelope } from '@/api/generated/model/virtualTrialNullableEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type VirtualModel = VirtualModelListEnvelope['data'][number];
export type VirtualTrial = NonNullable<VirtualTrialNullableEnvelope['data']>;
export type TrialStatus = VirtualTrial['status'];

/** Apply and switch may take up to a minute at the pool (the BFF's long time-out). */
export const VM_TIMEOUT_MS = 60_000;
/** How often a trial being created or upgraded is asked for again. */
export const BUSY_POLL_MS = 3_000;
/** How often an active trial is re-read (remaining time re-synced, an early end noticed). */
export const ACTIVE_RESYNC_MS = 60_000;

/**
 * Which of the two legacy calls reads the account's trial: emailHasCreateEcs for an account
 * that logged in with an e-mail address, phoneHasCreateEcs otherwise (phone accounts, and the
 * mini-program's token logins, which are phone accounts). The BFF answers both the same way.
 */
export type TrialLookup = 'phone' | 'email';

export function trialLookupFor(account: { account: string | null; email: string | null }): TrialLookup {
  if (account.account) return account.account.includes('@') ? 'email' : 'phone';
  return account.email ? 'email' : 'phone';
}

/** The query key of the account's trial (also where apply and switch put their answer). */
export function trialQueryKey(lookup: TrialLookup, context: PageContext, token: string): QueryKey {
  const base = lookup === 'email' ? getEmailHasCreateEcsQueryKey() : getPhoneHasCreateEcsQueryKey();
  return [...base, ...contentQuery(context).key, token];
}

const selectModels = (envelope: VirtualModelListEnvelope) => envelope.data;
const selectTrial = (envelope: VirtualTrialNullableEnvelope) => envelope.data ?? null;

/** The robot models the pool simulates, each with the cabinet versions it runs on. */
export function useTrialCatalogue(context: PageContext) {
  const { key, request } = contentQuery(context);
  return useVirtualCatalogue({
    query: { queryKey: [...getVirtualCatalogueQueryKey(), ...key], select: selectModels, staleTime: 60_000 },
    request,
  });
}

/** How soon to ask for the trial again, by its status. */
export function pollInterval(trial: VirtualTrial | null | undefined): number | false {
  if (!trial) return false;
  if (trial.status === 'creating' || trial.status === 'upgrading') return BUSY_POLL_MS;
  if (trial.status === 'active') return ACTIVE_RESYNC_MS;
  return false;
}

/**
 * The account's current trial (null when it never had one; an ended one has status `expired`).
 * Polled every few seconds while it is created or upgraded, until it is active.
 */
export function useCurrentTrial(lookup: TrialLookup, context: PageContext, token: string) {
  const { request } = contentQuery(context);
  const query = {
    queryKey: trialQueryKey(lookup, context, token),
    select: selectTrial,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (q: { state: { data: VirtualTrialNullableEnvelope | undefined } }) => pollInterval(q.state.data?.data),
    // Keep polling while the tab is in the background: the wait prompt should be over on return.
    refetchIntervalInBackground: true,
  };
  const options = lookup === 'email' ? getEmailHasCreateEcsQueryOptions({ query, request }) : getPhoneHasCreateEcsQueryOptions({ query, request });
  return useQuery(options);
}

/** Puts a trial answered by apply or switch in place of the polled one (polling then follows it). */
function useStoreTrial(lookup: TrialLookup, context: PageContext, token: string) {
  const queryClient = useQueryClient();
  return (envelope: VirtualTrialNullableEnvelope) => {
    queryClient.setQueryData(trialQueryKey(lookup, context, token), envelope);
  };
}

/** applyVirtualMachine, with the 60 s time-out. */
export function useApplyTrial(lookup: TrialLookup, context: PageContext, token: string) {
  const { request } = contentQuery(context);
  const store = useStoreTrial(lookup, context, token);
  return useApplyVirtualMachine({ mutation: { onSuccess: store }, request: { ...request, timeoutMs: VM_TIMEOUT_MS } });
}

/** switchVersion, with the 60 s time-out. */
export function useSwitchTrial(lookup: TrialLookup, context: PageContext, token: string) {
  const { request } = contentQuery(context);
  const store = useStoreTrial(lookup, context, token);
  return useSwitchVersion({ mutation: { onSuccess: store }, request: { ...request, timeoutMs: VM_TIMEOUT_MS } });
}

/** systemRecovery: a GET with an effect, so a mutation (run on the button, never cached). */
export function useSyncTrial(context: PageContext) {
  const { request } = contentQuery(context);
  return useMutation({ mutationKey: ['systemRecovery'], mutationFn: () => systemRecovery(request) });
}
