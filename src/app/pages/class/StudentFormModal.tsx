import { useEffect } from 'react';
import { App, Form, Input, Modal, Radio } from 'antd';
import { ApiError } from '../../../core/api/client';
import type { Student } from '../../../core/api/contracts/students';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { validFields } from '../../../views/common/valid-fields';
import { fieldOfRefusal } from './student-form-refusal';

interface Values {
  name: string;
  gender: number;
  studentNo: string;
  identificationNo?: string;
  phone?: string;
}

/** Add or edit one student: the student id has at most 4 digits and is unique in the class. */
export function StudentFormModal({ classId, student, onClose, onSaved }: { classId: number; student: Student | null; onClose(): void; onSaved(): void }) {
  const t = useT();
  const { message } = App.useApp();
  const { classes } = useApp();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (student) form.setFieldsValue({ ...student, identificationNo: student.identificationNo ?? '', phone: student.phone ?? '' });
  }, [student, form]);

  const save = async () => {
    const v = await validFields(form);
    if (!v) return;
    const body = { name: v.name, gender: v.gender, studentNo: v.studentNo, identificationNo: v.identificationNo || null, phone: v.phone || null };
    try {
      if (student) await classes.updateStudent({ ...body, id: student.id });
      else await classes.addStudent({ ...body, classId });
      void message.success(t('teaching.saved'));
      onSaved();
    } catch (err) {
      form.setFields([{ name: err instanceof ApiError ? fieldOfRefusal(err.error) : 'name', errors: [err instanceof ApiError ? err.message : t('error.fallback')] }]);
    }
  };

  return (
    <Modal open title={t(student ? 'student.edit' : 'student.add')} onCancel={onClose} onOk={() => void save()} okText={t('common.save')} cancelText={t('common.cancel')} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ gender: 0 }} data-testid="student-form">
        <Form.Item name="name" label={t('student.name')} rules={[{ required: true, whitespace: true, message: t('student.nameRequired') }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="gender" label={t('student.gender')}>
          <Radio.Group options={[{ value: 1, label: t('student.male') }, { value: 2, label: t('student.female') }, { value: 0, label: '—' }]} />
        </Form.Item>
        <Form.Item name="studentNo" label={t('student.no')} rules={[{ required: true, pattern: /^\d{1,4}$/, message: t('student.noRule') }]}>
          <Input maxLength={6} inputMode="numeric" data-testid="student-no" />
        </Form.Item>
        <Form.Item name="identificationNo" label={t('student.uniqueId')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="phone" label={t('student.phone')} rules={[{ pattern: /^1\d{10}$/, message: t('auth.phoneInvalid') }]}>
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
