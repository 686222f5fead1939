import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  addWorkOrder,
  getProcessListUrl,
  getRepairDetailQueryKey,
  processList,
  repairDetail,
} from '@/api/generated/endpoints/repair/repair';
import type { RepairReport } from '@/api/generated/model/repairReport.zod';
import type { WorkOrderEnvelope } from '@/api/generated/model/workOrderEnvelope.zod';
import type { WorkOrderPageEnvelope } from '@/api/generated/model/workOrderPageEnvelope.zod';
import type { WorkOrderQuery } from '@/api/generated/model/workOrderQuery.zod';
import type { WorkOrderReceiptEnvelope } from '@/api/generated/model/workOrderReceiptEnvelope.zod';
import { ApiError } from '@/lib/http';
import type { SiteLanguage } from '@/lib/language';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type WorkOrder = WorkOrderEnvelope['data'];
export type WorkOrderSummary = WorkOrderPageEnvelope['data']['rows'][number];
export type WorkOrderStatus = WorkOrder['status'];
export type WorkOrderReceipt = WorkOrderReceiptEnvelope['data'];
export type ListTab = NonNullable<WorkOrderQuery['status']>;

export const LIST_TABS: readonly ListTab[] = ['all', 'pending', 'completed'];
export const STATUSES: readonly WorkOrderStatus[] = ['onlineReport', 'inService', 'serviceCompleted'];
export const ORDERS_PER_PAGE = 10;

/** A `status` query value as a list tab (all when absent or unknown). */
export function listTabOf(value: string | null): ListTab {
  return (LIST_TABS as readonly string[]).includes(value ?? '') ? (value as ListTab) : 'all';
}

/** A `page` query value as a page number (1 when absent or not a positive whole number). */
export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** True for the answers that mean "log in (again)": no token, or one the server no longer knows. */
export function needsLogin(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** True when a work order does not exist for this user (theirs or nobody's: the server does not say). */
export function isOrderNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.errorKey === 'repair.order_not_found');
}

/*
 * Work orders are personal: their query keys carry the session token, so that another login in
 * this tab never sees the previous user's cached orders. processList is a read that the legacy
 * API exposes as POST (the generated client makes it a mutation): it runs as a query through the
 * generated request function.
 */

/** One page of the user's work orders on a tab, newest first. */
export function useWorkOrders(query: { tab: ListTab; page: number }, token: string | null, context: PageContext) {
  const { key, request } = contentQuery(context);
  const body: WorkOrderQuery = { pageNum: query.page, pageSize: ORDERS_PER_PAGE, status: query.tab };
  return useQuery({
    queryKey: [getProcessListUrl(), body, token, ...key],
    queryFn: ({ signal }) => processList(body, { signal, ...request }),
    select: (envelope: WorkOrderPageEnvelope) => envelope.data,
    placeholderData: keepPreviousData,
    enabled: token !== null,
    retry: (count, error) => !needsLogin(error) && count < 1,
  });
}

/** One work order of the user, with its steps; a 404 (not theirs, or none) is not retried. */
export function useWorkOrder(id: number | null, token: string | null, context: PageContext) {
  const { key, request } = contentQuery(context);
  return useQuery({
    queryKey: [...getRepairDetailQueryKey(id ?? 0), token, ...key],
    queryFn: ({ signal }) => repairDetail(id ?? 0, { signal, ...request }),
    select: (envelope: WorkOrderEnvelope) => envelope.data,
    enabled: token !== null && id !== null,
    retry: (count, error) => !needsLogin(error) && !isOrderNotFound(error) && count < 1,
  });
}

/**
 * Sends a report; `idempotencyKey` names the submission (a repeat with it creates no second
 * order), `trap` is the value of the form's trap field, which only a program fills.
 */
export async function submitWorkOrder(body: RepairReport, idempotencyKey: string, trap: string, lang: SiteLanguage): Promise<WorkOrderReceipt> {
  return (await addWorkOrder(body, { lang, headers: { 'Idempotency-Key': idempotencyKey, 'X-Lead-Trap': trap } })).data;
}
