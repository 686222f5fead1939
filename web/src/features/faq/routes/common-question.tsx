import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingStatus } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Pager } from '@/components/ui/pager';
import { SearchBox } from '@/components/ui/search-box';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageTitle } from '@/lib/page-title';
import { faqPageData } from '@/lib/structured-data';
import { usePageContext } from '@/lib/use-page-language';
import { FAQ_PAGE_SIZE, type FaqType, findType, useFaq, useFaqTypes, useFaqs } from '../api/faq';
import { FaqAccordion, FaqSkeleton } from '../components/faq-accordion';
import { buttonClass } from '@/components/ui/button';
import styles from './common-question.module.css';

function positiveIntOrNull(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/**
 * /commonQuestion: FAQ categories beside their questions as an accordion, a search in the
 * questions with clear, and `?id=` to open one question (its category is chosen, the answer is
 * open and in view). No loading overlay on this page (route table); the lists show placeholders.
 */
export function CommonQuestionRoute() {
  const { t } = useTranslation('faq');
  const context = usePageContext();
  const [params, setParams] = useSearchParams();
  const listTop = useRef<HTMLDivElement>(null);
  const highlightRef = useRef<HTMLButtonElement>(null);

  const query = (params.get('q') ?? '').trim();
  const page = positiveIntOrNull(params.get('page')) ?? 1;
  const requestedId = positiveIntOrNull(params.get('id'));
  const types = useFaqTypes(context);
  const requested = useFaq(context, requestedId);
  const requestedFaq = requested.data ?? null;

  const typeParam = positiveIntOrNull(params.get('type'));
  const typeId = query ? null : (typeParam ?? requestedFaq?.typeId ?? null);
  const waiting = requestedId !== null && typeParam === null && !query && requested.isPending;
  const faqs = useFaqs(context, typeId, query, page, !waiting);
  const trail = typeId !== null && types.data ? findType(types.data, typeId) : null;

  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(() => new Set(requestedId ? [requestedId] : []));
  const toggle = (id: number) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // A question asked for by link opens; so does the only question a search finds.
  useEffect(() => {
    if (requestedId) setOpenIds((current) => new Set(current).add(requestedId));
  }, [requestedId]);
  const onlyHit = query && faqs.data?.rows.length === 1 ? faqs.data.rows[0]?.id : undefined;
  useEffect(() => {
    if (onlyHit) setOpenIds((current) => new Set(current).add(onlyHit));
  }, [onlyHit]);

  const rows = faqs.data?.rows ?? [];
  const requestedInList = requestedFaq !== null && rows.some((faq) => faq.id === requestedFaq.id);
  // The questions the page shows (a linked one above the list when it is not in it), as FAQPage.
  const shown = requestedFaq && !requestedInList && faqs.data ? [requestedFaq, ...rows] : rows;
  const faqPage = faqPageData(shown.map((faq) => ({ question: faq.question, answerHtml: faq.answer })));
  usePageTitle({ description: t('lead'), structuredData: faqPage ? [faqPage] : undefined });
  useEffect(() => {
    if (!requestedFaq || faqs.isPending) return;
    highlightRef.current?.scrollIntoView({ block: 'start' });
    highlightRef.current?.focus({ preventScroll: true });
  }, [requestedFaq, faqs.isPending]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    setParams(next);
  };
  const selectType = (id: number | null) => update({ type: id === null ? null : String(id), page: null, q: null, id: null });
  const goToPage = (p: number) => {
    update({ page: p > 1 ? String(p) : null });
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  const heading = query
    ? faqs.data
      ? t('resultsFor', { count: faqs.data.total, query })
      : t('searching', { query })
    : (trail?.map((type) => type.typeName).join(' / ') ?? t('allQuestions'));

  return (
    <PageFrame lead={t('lead')}>
      <div className={styles.layout}>
        <div className={styles.side}>
          {types.isError ? (
            <ErrorState error={types.error} onRetry={() => void types.refetch()} compact />
          ) : types.isPending ? (
            <div className={styles.typesSkeleton} aria-hidden="true">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className={styles.typesSkeletonLine} />
              ))}
            </div>
          ) : (
            <FaqCategories types={types.data} selectedId={query ? undefined : typeId} onSelect={selectType} />
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
            onSearch={(q) => update({ q, page: null, id: null, type: null })}
            onClear={() => update({ q: null, page: null })}
          />
          {requestedId !== null && requested.isSuccess && requestedFaq === null ? (
            <p className={styles.notice} role="status">
              {t('requestedMissing')}
            </p>
          ) : null}
          {requestedFaq && !requestedInList && !faqs.isPending ? (
            <section className={styles.requested} aria-labelledby="faq-requested-title">
              <h2 id="faq-requested-title" className={styles.listTitle}>
                {t('requested')}
              </h2>
              <FaqAccordion
                items={[requestedFaq]}
                openIds={openIds}
                onToggle={toggle}
                highlightedId={requestedFaq.id}
                highlightRef={highlightRef}
              />
            </section>
          ) : null}
          <section aria-labelledby="faq-list-title">
            <h2 id="faq-list-title" className={styles.listTitle} aria-live={query ? 'polite' : undefined}>
              {heading}
            </h2>
            {faqs.isError ? (
              <ErrorState error={faqs.error} onRetry={() => void faqs.refetch()} />
            ) : faqs.isPending || !faqs.data ? (
              <>
                <LoadingStatus />
                <FaqSkeleton />
              </>
            ) : rows.length === 0 ? (
              <div className={styles.empty}>
                <p>{query ? t('noResults', { query }) : t('empty')}</p>
                {query ? (
                  <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={() => update({ q: null, page: null })}>
                    {t('showAll')}
                  </button>
                ) : null}
              </div>
            ) : (
              <div className={faqs.isPlaceholderData ? styles.stale : undefined} aria-busy={faqs.isPlaceholderData || undefined}>
                <FaqAccordion
                  items={rows}
                  openIds={openIds}
                  onToggle={toggle}
                  query={query}
                  highlightedId={requestedInList ? requestedFaq?.id : null}
                  highlightRef={highlightRef}
                />
              </div>
            )}
          </section>
          <Pager
            page={page}
            pageCount={faqs.data ? Math.ceil(faqs.data.total / FAQ_PAGE_SIZE) : 0}
            onPageChange={goToPage}
            labels={{ nav: t('pages'), previous: t('previousPage'), next: t('nextPage'), page: (p) => t('page', { page: p }) }}
          />
        </div>
      </div>
    </PageFrame>
  );
}

interface FaqCategoriesProps {
  types: readonly FaqType[];
  /** The selected category, null for all; undefined while a search is shown. */
  selectedId: number | null | undefined;
  onSelect: (id: number | null) => void;
}

/** The categories: a list of buttons on wide screens, a select on narrow ones. */
function FaqCategories({ types, selectedId, onSelect }: FaqCategoriesProps) {
  const { t } = useTranslation('faq');
  const selectId = useId();
  const current = (id: number | null) => (selectedId === id ? 'true' : undefined);
  return (
    <nav className={styles.categories} aria-label={t('categories')}>
      <div className={styles.selectWrap}>
        <label htmlFor={selectId} className={styles.selectLabel}>
          {t('category')}
        </label>
        <select
          id={selectId}
          className={styles.select}
          value={selectedId === undefined || selectedId === null ? '' : String(selectedId)}
          onChange={(event) => onSelect(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{t('allQuestions')}</option>
          {types.flatMap((type) => [
            <option key={type.id} value={String(type.id)}>
              {type.typeName}
            </option>,
            ...type.children.map((child) => (
              <option key={child.id} value={String(child.id)}>
                {`— ${child.typeName}`}
              </option>
            )),
          ])}
        </select>
      </div>
      <ul className={styles.typeList}>
        <li>
          <button type="button" className={styles.type} aria-current={current(null)} onClick={() => onSelect(null)}>
            {t('allQuestions')}
          </button>
        </li>
        {types.map((type) => (
          <li key={type.id}>
            <button type="button" className={styles.type} aria-current={current(type.id)} onClick={() => onSelect(type.id)}>
              {type.typeName}
            </button>
            {type.children.length > 0 ? (
              <ul className={styles.subTypes}>
                {type.children.map((child: FaqType) => (
                  <li key={child.id}>
                    <button
                      type="button"
                      className={styles.subType}
                      aria-current={current(child.id)}
                      onClick={() => onSelect(child.id)}
                    >
                      {child.typeName}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

