import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardsSkeleton } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { Pager } from '@/components/ui/pager';
import { Tabs } from '@/components/ui/tabs';
import { type SiteLanguage, htmlLang } from '@/lib/language';
import type { PageContext } from '@/lib/use-page-language';
import {
  COURSES_PER_PAGE,
  type Course,
  type Curriculum,
  type Instructor,
  TRAINING_LEVELS,
  useCourseTypes,
  useCourses,
  useCurriculums,
  useInstructors,
} from '../api/academy';
import styles from './academy-sections.module.css';

/** A duration in the page language's words and plural rules ("2 days", "18 min", "2天"). */
export function formatDuration(value: number, unit: 'day' | 'minute', lang: SiteLanguage): string {
  return new Intl.NumberFormat(htmlLang(lang), { style: 'unit', unit, unitDisplay: unit === 'day' ? 'long' : 'short' }).format(value);
}

/** The three certification levels, each with its curricula. */
export function CurriculumLevels({ context }: { context: PageContext }) {
  const { t } = useTranslation('service');
  const curriculums = useCurriculums(context);
  if (curriculums.isPending) return <CardsSkeleton />;
  if (curriculums.isError) return <ErrorState error={curriculums.error} onRetry={() => void curriculums.refetch()} />;
  const byLevel = (level: Curriculum['level']) => curriculums.data.filter((c) => c.level === level);
  return (
    <ol className={styles.levels}>
      {TRAINING_LEVELS.map((level, index) => (
        <li key={level} className={styles.level} data-level={level}>
          <p className={styles.levelStep} aria-hidden="true">
            {String(index + 1).padStart(2, '0')}
          </p>
          <h3 className={styles.levelName}>{t(`levels.${level}`)}</h3>
          <p className={styles.levelText}>{t(`academy.levelText.${level}`)}</p>
          {byLevel(level).length > 0 ? (
            <ul className={styles.curriculums}>
              {byLevel(level).map((curriculum) => (
                <li key={curriculum.id} className={styles.curriculum}>
                  <p className={styles.curriculumName}>{curriculum.name}</p>
                  <p className={styles.curriculumMeta}>{formatDuration(curriculum.durationDays, 'day', context.lang)}</p>
                  {curriculum.summary ? <p className={styles.curriculumText}>{curriculum.summary}</p> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.curriculumText}>{t('academy.noCurriculum')}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

function CourseCard({ course, lang }: { course: Course; lang: SiteLanguage }) {
  const { t } = useTranslation('service');
  return (
    <li className={styles.course}>
      <div className={styles.courseMedia}>
        {course.image ? <img src={course.image} alt="" loading="lazy" decoding="async" /> : null}
        <span className={styles.duration}>{formatDuration(course.durationMinutes, 'minute', lang)}</span>
      </div>
      <div className={styles.courseBody}>
        <h3 className={styles.courseTitle}>{course.title}</h3>
        {course.summary ? <p className={styles.courseText}>{course.summary}</p> : null}
        <div className={styles.courseActions}>
          {course.videoUrl ? (
            <a href={course.videoUrl} target="_blank" rel="noopener noreferrer" className={styles.courseLink}>
              {t('academy.watch')}{' '}
              <span className="visually-hidden">
                {course.title} ({t('academy.newTab')})
              </span>
            </a>
          ) : null}
          {course.coursewareUrl ? (
            <a href={course.coursewareUrl} download className={styles.courseLink}>
              {t('academy.courseware')}{' '}
              <span className="visually-hidden">{course.title}</span>
            </a>
          ) : null}
        </div>
      </div>
    </li>
  );
}

const ALL = 'all';

/** Online classes with their course types as tabs, a page at a time. */
export function OnlineClasses({ context }: { context: PageContext }) {
  const { t } = useTranslation('service');
  const types = useCourseTypes(context);
  const [type, setType] = useState<string>(ALL);
  const [page, setPage] = useState(1);
  const typeId = type === ALL ? undefined : Number(type);
  const courses = useCourses(typeId, page, context);

  const items = [{ value: ALL, label: t('academy.allCourses') }, ...(types.data ?? []).map((ct) => ({ value: String(ct.id), label: ct.name }))];
  const pageCount = courses.data ? Math.max(1, Math.ceil(courses.data.total / COURSES_PER_PAGE)) : 1;

  return (
    <>
      {types.isError ? <ErrorState compact error={types.error} onRetry={() => void types.refetch()} /> : null}
      <Tabs
        label={t('academy.courseTypes')}
        items={items}
        value={type}
        variant="pill"
        onValueChange={(value) => {
          setType(value);
          setPage(1);
        }}
      >
        {courses.isPending ? (
          <CardsSkeleton />
        ) : courses.isError ? (
          <ErrorState error={courses.error} onRetry={() => void courses.refetch()} />
        ) : courses.data.rows.length === 0 ? (
          <p className={styles.empty}>{t('academy.noCourses')}</p>
        ) : (
          <>
            <ul className={styles.courses} aria-busy={courses.isPlaceholderData || undefined}>
              {courses.data.rows.map((course) => (
                <CourseCard key={course.id} course={course} lang={context.lang} />
              ))}
            </ul>
            <Pager
              page={page}
              pageCount={pageCount}
              onPageChange={setPage}
              labels={{
                nav: t('academy.pages'),
                previous: t('pager.previous'),
                next: t('pager.next'),
                page: (p) => t('pager.page', { page: p }),
              }}
            />
          </>
        )}
      </Tabs>
    </>
  );
}

function InstructorCard({ instructor }: { instructor: Instructor }) {
  return (
    <li className={styles.instructor}>
      <div className={styles.portrait}>{instructor.photo ? <img src={instructor.photo} alt="" loading="lazy" decoding="async" /> : null}</div>
      <div className={styles.instructorBody}>
        <h3 className={styles.instructorName}>{instructor.name}</h3>
        <p className={styles.instructorTitle}>{instructor.title}</p>
        {instructor.summary ? <p className={styles.instructorText}>{instructor.summary}</p> : null}
      </div>
    </li>
  );
}

/** The academy's instructors. */
export function Instructors({ context }: { context: PageContext }) {
  const { t } = useTranslation('service');
  const instructors = useInstructors(context);
  if (instructors.isPending) return <CardsSkeleton />;
  if (instructors.isError) return <ErrorState error={instructors.error} onRetry={() => void instructors.refetch()} />;
  if (instructors.data.length === 0) return <p className={styles.empty}>{t('academy.noInstructors')}</p>;
  return (
    <ul className={styles.instructors}>
      {instructors.data.map((instructor) => (
        <InstructorCard key={instructor.id} instructor={instructor} />
      ))}
    </ul>
  );
}
