import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Article } from '@/api/article';
import { ArticleIntro } from '@/components/ui/article';
import { Tabs } from '@/components/ui/tabs';

/** A chapter's short name for its tab: the part after "Report 2025 ·", or the whole title. */
export function chapterLabel(title: string): string {
  const parts = title.split(/\s*[·・]\s*/);
  return (parts.length > 1 ? parts.slice(1).join(' · ') : title).trim() || title;
}

/** The report's chapters as tabs, one chapter shown at a time. */
export function ChapterTabs({ chapters }: { chapters: readonly Article[] }) {
  const { t } = useTranslation('about');
  const [selected, setSelected] = useState<string>(() => String(chapters[0]?.id ?? ''));
  const current = chapters.find((chapter) => String(chapter.id) === selected) ?? chapters[0];
  if (!current) return null;
  return (
    <Tabs
      label={t('esg.chaptersTitle')}
      items={chapters.map((chapter) => ({ value: String(chapter.id), label: chapterLabel(chapter.title) }))}
      value={String(current.id)}
      onValueChange={setSelected}
    >
      <ArticleIntro article={current} kicker={current.subhead} />
    </Tabs>
  );
}
