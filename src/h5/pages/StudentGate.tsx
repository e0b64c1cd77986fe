import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
// antd-mobile by path: the index's chunk carries ErrorBlock and Toast into the first load
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Empty from 'antd-mobile/es/components/empty';
import List from 'antd-mobile/es/components/list';
import { useT } from '../../views/i18n/i18n-context';
import { forgetStudent, rememberedStudent, rememberStudent, type RememberedStudent } from '../student-messages';
import { H5NavBar } from './H5NavBar';

// The code card (antd-mobile's Form and Input) loads once a name is picked: the first screen is the list.
const StudentCodeCard = lazy(() => import('./StudentCodeCard').then((m) => ({ default: m.StudentCodeCard })));

/**
 * The student this phone speaks for on a class page (messages, practice, etiquette test): remembered
 * per class code, shared by those pages, forgotten on "change name" or when the server stops accepting
 * the remembered 学生码.
 */
export function useStudentIdentity(classCode: string) {
  const [who, setWho] = useState<RememberedStudent | null>(() => rememberedStudent(window.localStorage, classCode));
  const remember = useCallback(
    (next: RememberedStudent) => {
      rememberStudent(window.localStorage, classCode, next);
      setWho(next);
    },
    [classCode],
  );
  const forget = useCallback(() => {
    forgetStudent(window.localStorage, classCode);
    setWho(null);
  }, [classCode]);
  return { who, remember, forget };
}

/** A remembered code the server no longer accepts (the teacher reset it): ask for it again. */
export function useForgetOnWrongCode(error: unknown, forget: () => void) {
  const code = (error as { error?: string } | null)?.error;
  useEffect(() => {
    if (code === 'STUDENT_CODE_WRONG') forget();
  }, [code, forget]);
}

interface GateProps {
  classCode: string;
  /** The navigation bar's title. */
  title: ReactNode;
  /** The class's students; null while they load. */
  students: readonly { id: number; name: string; maskedNo?: string }[] | null;
  /** Shown instead of an empty list (e.g. a class with no task has no notifications). */
  emptyText?: string;
  listHeader?: string;
  /** data-testid of each name in the list. */
  itemTestId: string;
  /** data-testid of the page wrapper. */
  testId: string;
  onBack: () => void;
  onVerified: (who: RememberedStudent) => void;
}

/**
 * Who is this? The student picks their name, then types their own code (学生码) once: a classmate who
 * knows the class code cannot read another student's messages or answer in their name.
 */
export function StudentGate({ classCode, title, students, emptyText, listHeader, itemTestId, testId, onBack, onVerified }: GateProps) {
  const t = useT();
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(null);
  const [search, setSearch] = useState('');
  const shown = (students ?? []).filter((s) => !search || s.name.includes(search.trim()));

  return (
    <div data-testid={testId}>
      <H5NavBar onBack={picked ? () => setPicked(null) : onBack}>{title}</H5NavBar>
      {picked ? (
        <Suspense fallback={<DotLoading />}>
          <StudentCodeCard classCode={classCode} student={picked} onVerified={(studentCode) => onVerified({ studentId: picked.id, studentCode })} />
        </Suspense>
      ) : students === null ? (
        <DotLoading />
      ) : students.length === 0 && emptyText ? (
        <Empty description={emptyText} />
      ) : (
        <List header={listHeader ?? t('h5.upload.pickName')}>
          <div style={{ padding: '8px 12px' }}>
            {/* a plain search field, as on the upload page: antd-mobile's SearchBar brings its whole Input */}
            <input type="search" className="zp-h5-search" placeholder={t('h5.upload.searchName')} aria-label={t('h5.upload.searchName')} value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          {shown.map((s) => (
            <List.Item key={s.id} data-testid={itemTestId} description={s.maskedNo} onClick={() => setPicked({ id: s.id, name: s.name })}>
              {s.name}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
