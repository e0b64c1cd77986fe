import { useEffect, useRef, useState } from 'react';
import { Button, Drawer, Table } from 'antd';
import type { Essay, WritingList } from '../../core/api/contracts/essays';
import type { EssaysApi } from '../../core/api/endpoints/essays';
import { useAsync } from '../hooks/use-async';
import { useT } from '../i18n/i18n-context';
import { EssayPagesEditor } from './EssayPagesEditor';
import { EssayLabelTag } from './label-tag';
import { schoolTime } from '../../core/time/school-time';

type Row = WritingList['students'][number];

/** Students listed per page of the roster table. */
const PAGE_SIZE = 15;

/**
 * Upload one student at a time: the class list with each student's state, and their pages. `studentId`
 * (coming from that student's row elsewhere) opens their pages once the list is in, on their roster page.
 */
export function SingleUpload(props: { essays: EssaysApi; taskId: number; classId: number; studentId?: number }) {
  const t = useT();
  const list = useAsync(() => props.essays.list(props.taskId, props.classId), [props.essays, props.taskId, props.classId]);
  const [open, setOpen] = useState<Row | null>(null);
  const [essay, setEssay] = useState<Essay | null>(null);
  const [page, setPage] = useState(1);
  const focused = useRef(false);

  const openStudent = async (row: Row) => {
    setOpen(row);
    const latest = row.essays[row.essays.length - 1];
    setEssay(latest ? await props.essays.get(latest.id) : null);
  };

  useEffect(() => {
    const rows = list.data?.students;
    if (focused.current || !rows || props.studentId === undefined) return;
    focused.current = true;
    const at = rows.findIndex((r) => r.studentId === props.studentId);
    if (at < 0) return;
    setPage(Math.floor(at / PAGE_SIZE) + 1);
    void openStudent(rows[at]!);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data, props.studentId]);

  return (
    <>
      <Table<Row>
        size="small"
        rowKey="studentId"
        loading={list.loading}
        dataSource={list.data?.students ?? []}
        pagination={{ pageSize: PAGE_SIZE, current: page, onChange: setPage }}
        // wider than a phone: the table scrolls in its box, so the page (and the drawer over it) keep the screen's width
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ onClick: () => void openStudent(row), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('student.no'), dataIndex: 'studentNo', width: 90 },
          // a button, so the row opens from the keyboard too (and the scrolling table holds something focusable)
          { title: t('student.name'), dataIndex: 'name', render: (name: string, r) => <Button type="link" size="small" style={{ padding: 0 }} onClick={(e) => { e.stopPropagation(); void openStudent(r); }}>{name}</Button> },
          { title: t('upload.status'), dataIndex: 'label', render: (l: Row['label']) => <EssayLabelTag label={l} /> },
          { title: t('upload.draft'), render: (_, r) => (r.essays.length ? t(`upload.draft${r.essays[r.essays.length - 1]!.draft}` as 'upload.draft0') : '—') },
          { title: t('upload.pages'), render: (_, r) => r.essays[r.essays.length - 1]?.pageCount ?? 0 },
          { title: t('teaching.createdAt'), render: (_, r) => { const e = r.essays[r.essays.length - 1]; return e ? schoolTime(e.submittedTime) : '—'; } },
        ]}
      />
      <Drawer
        open={open !== null}
        width={Math.min(920, window.innerWidth)}
        title={open ? `${open.studentNo} ${open.name}` : ''}
        onClose={() => {
          setOpen(null);
          void list.reload();
        }}
        destroyOnHidden
      >
        {open && <EssayPagesEditor essays={props.essays} taskId={props.taskId} classId={props.classId} studentId={open.studentId} essay={essay} onChange={setEssay} />}
      </Drawer>
    </>
  );
}
