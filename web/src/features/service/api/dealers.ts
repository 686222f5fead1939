import {
  getSelectCustomerRegionQueryKey,
  getValidateDealerQueryKey,
  useSelectCustomerRegion,
  useValidateDealer,
} from '@/api/generated/endpoints/service/service';
import type { DealerEnvelope } from '@/api/generated/model/dealerEnvelope.zod';
import type { DealerListEnvelope } from '@/api/generated/model/dealerListEnvelope.zod';
import { ApiError } from '@/lib/http';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type Dealer = DealerEnvelope['data'];

const dealer = (envelope: DealerEnvelope) => envelope.data;
const dealers = (envelope: DealerListEnvelope) => envelope.data;

/**
 * The channel partner of exactly this full company name (no fuzzy match). The name is one path
 * segment, so it is encoded as one (a `/`, `#` or `%` in a name must not change the path).
 */
export function useDealerByName(companyName: string | null, context: PageContext) {
  const { key, request } = contentQuery(context);
  const segment = encodeURIComponent(companyName ?? '');
  return useValidateDealer(segment, {
    query: {
      queryKey: [...getValidateDealerQueryKey(companyName ?? ''), ...key],
      select: dealer,
      enabled: Boolean(companyName),
      retry: false,
    },
    request,
  });
}

/** The channel partners serving a region (a Chinese province, or a country). */
export function useRegionDealers(region: string | null, context: PageContext) {
  const { key, request } = contentQuery(context);
  const params = { region: region ?? '' };
  return useSelectCustomerRegion(params, {
    query: { queryKey: [...getSelectCustomerRegionQueryKey(params), ...key], select: dealers, enabled: Boolean(region) },
    request,
  });
}

/** "Corresponding suppliers not found for the time being": no partner of that exact name. */
export function isDealerNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.errorKey === 'dealer.not_found' || error.status === 404);
}
