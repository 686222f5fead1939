import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingStatus } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Pager } from '@/components/ui/pager';
import { SearchBox } from '@/components/ui/search-box';
import { Skeleton } from '@/components/ui/skeleton';
import { isNotFound } from '@/lib/http';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import {
  DOWNLOAD_PAGE_SIZE,
  type DownloadItem,
  type DownloadPage,
  findNode,
  useCategoryDocuments,
  useDocument,
  useDocumentSearch,
  useDownloadTree,
} from '../api/downloads';
import { type DocumentAction, useDocumentAction } from '../api/use-document-action';
import { CategoryTree } from '../components/category-tree';
import { DocumentListSkeleton, DocumentRow, documentListStyles } from '../components/document-list';
import { positiveIntOrNull } from '../utils/format';
import { buttonClass } from '@/components/ui/button';
import styles from './download.module.css';

/**
 * /download: the download categories as an accordion beside the documents of the chosen category
 * (with paging), a title search with clear, and `?id=` to open one document: its category is
 * chosen and the document is highlighted. Preview and download go through userDownload (see
 * useDocumentAction), which also handles documents that need login.
 */
export function DownloadRoute() {
  const { t } = useTranslation('downloads');
  usePageTitle({ description: t('lead') });
  const context = usePageContext();
  const [params, setParams] = useSearchParams();
  const listTop = useRef<HTMLDivElement>(null);
  const highlightRef = useRef<HTMLElement>(null);

  const query = (params.get('q') ?? '').trim();
  const page = positiveIntOrNull(params.get('page')) ?? 1;
  const requestedId = positiveIntOrNull(params.get('id'));
  const tree = useDownloadTree(context);
  const requested = useDocument(context, requestedId);
  const requestedDoc = requested.data ?? null;

  // The category shown: the one asked for, else that of the requested document, else the first.
  const categoryParam = positiveIntOrNull(params.get('category'));
  const nodes = tree.data ?? [];
  const waitingForDocument = requestedId !== null && requested.isPending;
  const categoryId =
    (categoryParam !== null && findNode(nodes, categoryParam) ? categoryParam : null) ??
    (requestedDoc && findNode(nodes, requestedDoc.parentId) ? requestedDoc.parentId : null) ??
    (waitingForDocument ? null : (nodes[0]?.id ?? null));
  const trail = categoryId !== null ? findNode(nodes, categoryId) : null;

  const byCategory = useCategoryDocuments(context, query ? null : categoryId, page);
  const found = useDocumentSearch(context, query, page);
  const list = query ? found : byCategory;
  const { run, pending } = useDocumentAction();
  // Without categories there is nothing to list (a search still works).
  const treeFailed = tree.isError && !query;

  const rows = list.data?.rows ?? [];
  const highlightInList = requestedDoc !== null && rows.some((row) => row.id === requestedDoc.id);

  // Bring the requested document into view once it is on the page.
  useEffect(() => {
    if (!requestedDoc || list.isPending) return;
    highlightRef.current?.scrollIntoView({ block: 'center' });
    highlightRef.current?.focus({ preventScroll: true });
  }, [requestedDoc, list.isPending]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    setParams(next);
  };
  const goToPage = (p: number) => {
    update({ page: p > 1 ? String(p) : null });
    listTop.current?.scrollIntoView({ block: 'start' });
  };
  const onAction = (item: DownloadItem, action: DocumentAction) => void run(item, action);
  const pendingFor = (item: DownloadItem) => (pending?.id === item.id ? pending.action : null);

  const heading = query
    ? list.data
      ? t('resultsFor', { count: list.data.total, query })
      : t('searching', { query })
    : (trail?.map((node) => node.name).join(' / ') ?? t('documents'));

  return (
    <PageFrame lead={t('lead')}>
      <div className={styles.layout}>
        <div className={styles.side}>
          {tree.isError ? null : tree.isPending ? (
            <div className={styles.treeSkeleton} aria-hidden="true">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className={styles.treeSkeletonLine} />
              ))}
            </div>
          ) : (
            <CategoryTree
              nodes={nodes}
              selectedId={query ? null : categoryId}
              onSelect={(id) => update({ category: String(id), page: null, q: null, id: null })}
            />
          )}
        </div>
        <div className={styles.main} ref={listTop}>
          <SearchBox
            className={styles.search}
            label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            submitLabel={t('searchSubmit')}
            clearLabel={t('searchClear')}
            value={query}
            onSearch={(q) => update({ q, page: null, id: null })}
            onClear={() => update({ q: null, page: null })}
          />
          {requestedId !== null && isNotFound(requested.error) ? (
            <p className={styles.notice} role="status">
              {t('requestedMissing')}
            </p>
          ) : null}
          {requestedDoc && !highlightInList && !list.isPending ? (
            <section className={styles.requested} aria-labelledby="download-requested-title">
              <h2 id="download-requested-title" className={styles.requestedTitle}>
                {t('requested')}
              </h2>
              <DocumentRow ref={highlightRef} item={requestedDoc} highlighted pending={pendingFor(requestedDoc)} onAction={onAction} />
            </section>
          ) : null}
          {treeFailed ? (
            <ErrorState error={tree.error} onRetry={() => void tree.refetch()} />
          ) : (
            <section aria-labelledby="download-list-title">
              <h2 id="download-list-title" className={styles.listTitle} aria-live={query ? 'polite' : undefined}>
                {heading}
              </h2>
              <DocumentResults
                query={query}
                data={list.data}
                isPending={list.isPending}
                error={list.isError ? list.error : null}
                onRetry={() => void list.refetch()}
                onClear={() => update({ q: null, page: null })}
              >
                {(items) => (
                  <ul
                    className={[documentListStyles.list, list.isPlaceholderData ? styles.stale : ''].filter(Boolean).join(' ')}
                    aria-busy={list.isPlaceholderData || undefined}
                  >
                    {items.map((item) => {
                      const highlighted = item.id === requestedDoc?.id;
                      return (
                        <li key={item.id}>
                          <DocumentRow
                            ref={highlighted ? highlightRef : undefined}
                            item={item}
                            highlighted={highlighted}
                            pending={pendingFor(item)}
                            onAction={onAction}
                          />
                        </li>
                      );
                    })}
                  </ul>
                )}
              </DocumentResults>
            </section>
          )}
          <Pager
            page={page}
            pageCount={list.data ? Math.ceil(list.data.total / DOWNLOAD_PAGE_SIZE) : 0}
            onPageChange={goToPage}
            labels={{ nav: t('pages'), previous: t('previousPage'), next: t('nextPage'), page: (p) => t('page', { page: p }) }}
          />
        </div>
      </div>
    </PageFrame>
  );
}

interface DocumentResultsProps {
  query: string;
  data: DownloadPage | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  onClear: () => void;
  children: (items: DownloadItem[]) => ReactNode;
}

function DocumentResults({ query, data, isPending, error, onRetry, onClear, children }: DocumentResultsProps) {
  const { t } = useTranslation('downloads');
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  if (isPending || !data) {
    return (
      <>
        <LoadingStatus />
        <DocumentListSkeleton />
      </>
    );
  }
  if (data.rows.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{query ? t('noResults', { query }) : t('empty')}</p>
        {query ? (
          <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={onClear}>
            {t('showCategories')}
          </button>
        ) : null}
      </div>
    );
  }
  return <>{children(data.rows)}</>;
}
