import { useState } from 'react';
import { App, Modal, Select, Space, Tag, Typography } from 'antd';
import type { ClassItem } from '../../../core/api/contracts/classes';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';

/** Binds teachers to a class (mSchoolClassTeacher/binding) and relieves them. */
export function TeacherBindingModal({ klass, onClose, onSaved }: { klass: ClassItem; onClose(): void; onSaved(): void }) {
  const t = useT();
  const { message } = App.useApp();
  const { classes } = useApp();
  const teachers = useAsync(() => classes.teachers({}), [classes]);
  const [picked, setPicked] = useState<number[]>([]);
  const bound = klass.teachers;

  const save = async () => {
    if (picked.length) await classes.bindTeachers(klass.id, picked);
    void message.success(t('teaching.saved'));
    onSaved();
  };
  const relieve = async (teacherId: number) => {
    await classes.relieveTeacher(klass.id, teacherId);
    onSaved();
  };

  return (
    <Modal open title={`${klass.name} · ${t('class.bindTeachers')}`} onCancel={onClose} onOk={() => void save()} okText={t('common.save')} cancelText={t('common.cancel')}>
      <Typography.Paragraph>
        {t('common.labelValue', { label: t('teaching.mainTeacher'), value: klass.mainTeacherName ?? '—' })}
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        {bound.map((b) => (
          <Tag key={b.id} closable onClose={(e) => { e.preventDefault(); void relieve(b.id); }}>
            {b.name}
          </Tag>
        ))}
      </Space>
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        loading={teachers.loading}
        value={picked}
        onChange={setPicked}
        optionFilterProp="label"
        options={(teachers.data ?? []).filter((x) => x.id !== klass.mainTeacherId && !bound.some((b) => b.id === x.id)).map((x) => ({ value: x.id, label: x.name }))}
      />
    </Modal>
  );
}
